import SimulcastCore

/// Why a room client gave up for good (retrying cannot help).
public struct RoomClientError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Wire.ErrorCode
    public var message: String

    public var description: String { "\(message) (\(code.rawValue))" }

    /// Errors after which reconnecting would only fail again.
    static func isFatal(_ code: Wire.ErrorCode) -> Bool {
        switch code {
        case .roomNotFound, .invalidHostToken, .roomMismatch, .unsupportedVersion, .hostReplaced: true
        default: false
        }
    }
}
