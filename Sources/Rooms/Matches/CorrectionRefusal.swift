/// Why a correction was not taken. The domain says what is wrong; the HTTP layer chooses the
/// status and `error.code` each reason answers with.
public struct CorrectionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case roomNotFound
        /// The room is not playing the track the correction is for.
        case trackNotInRoom
        case invalidStorefront
        /// This server has no catalog of the target service to check the target against.
        case noCatalog
        case invalidTarget
        /// The target service could not be asked.
        case catalogUnavailable
        /// The target service has no such track in that storefront.
        case targetNotFound
        /// The room holds as many suggestions for its song as it keeps.
        case suggestionsFull
    }

    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
