/// A request, its response's body included, took longer than the transport allows.
public struct TransportTimeout: Error, CustomStringConvertible {
    public var seconds: Double
    public var description: String { "no complete answer within \(seconds) s" }
}
