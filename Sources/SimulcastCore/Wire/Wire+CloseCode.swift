extension Wire.ErrorCode {
    /// The WebSocket close code a connection refused or ended for this error gets
    /// (docs/PROTOCOL.md): 4000 plus the HTTP status it resembles, 1001 and 1011 as RFC 6455 has them.
    public var closeCode: UInt16 {
        switch self {
        case .roomNotFound: 4404
        case .invalidHostToken: 4401
        case .forbidden: 4403
        case .roomFull: 4413
        case .hostReplaced: 4409
        case .rateLimited: 4429
        case .shuttingDown: 1001
        case .internalError: 1011
        default: 4400
        }
    }
}
