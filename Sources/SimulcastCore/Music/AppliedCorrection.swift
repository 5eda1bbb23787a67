/// The server's answer to a correction, and one row of a room's list: where it applies
/// (`global`: every room; otherwise `room` only) and the match now in force.
public struct AppliedCorrection: Codable, Hashable, Sendable {
    public var id: Int
    public var room: String
    public var global: Bool
    public var result: MatchResult

    public init(id: Int, room: String, global: Bool, result: MatchResult) {
        self.id = id
        self.room = room
        self.global = global
        self.result = result
    }
}
