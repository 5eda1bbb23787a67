extension Wire.ErrorCode {
    /// A refusal after which reconnecting with the same hello can only be refused again: the
    /// client stops and says why. Defined once here; `RoomConnection` stops on these, and the web
    /// pages get them as close codes (`finalCloseCodes` in their configuration).
    public var isFinal: Bool {
        switch self {
        case .roomNotFound, .invalidHostToken, .roomMismatch, .unsupportedVersion, .hostReplaced, .roomFull: true
        default: false
        }
    }

    /// The WebSocket close codes of the final refusals, for clients that see only the close.
    public static var finalCloseCodes: [UInt16] { Set(allCases.filter(\.isFinal).map(\.closeCode)).sorted() }
}
