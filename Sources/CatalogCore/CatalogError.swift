/// Failures of the offline catalogs and local libraries (the live clients throw
/// `CatalogServiceError`); descriptions are safe to show and log.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case unreadableFile
        case invalidRecord
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
