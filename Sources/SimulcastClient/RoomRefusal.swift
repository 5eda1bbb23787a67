import SimulcastCore

/// Why a room connection gave up for good: a final refusal (`Wire.ErrorCode.isFinal`).
public struct RoomRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Wire.ErrorCode
    public var message: String

    public var description: String { "\(message) (\(code.rawValue))" }

}
