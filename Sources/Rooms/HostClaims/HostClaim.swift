/// Which connection on which server node publishes a room's host state. The database keeps
/// one per room, so two host connections on two nodes cannot both be the host: the last to
/// claim wins and the other's writes are refused.
public struct HostClaim: Hashable, Sendable, CustomStringConvertible {
    /// The node's id for this process run (a restarted node is a new node).
    public var node: String
    /// The connection's number on that node.
    public var connection: Int

    public init(node: String, connection: Int) {
        self.node = node
        self.connection = connection
    }

    public var description: String { "\(node)/c\(connection)" }
}
