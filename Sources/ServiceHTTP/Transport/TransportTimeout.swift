import SimulcastCore

/// A request, its response's body included, took longer than the transport allows.
public struct TransportTimeout: Error, CustomStringConvertible {
    public var limit: Duration
    public var description: String { "no complete answer within \(limit.inSeconds) s" }
}
