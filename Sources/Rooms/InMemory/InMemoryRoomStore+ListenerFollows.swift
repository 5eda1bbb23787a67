/// Listener follows, in memory.
extension InMemoryRoomStore: ListenerFollowStore {
    /// Room codes and follow ids hold no space.
    static func followKey(_ room: String, _ id: String) -> String { room + " " + id }

    public func saveListenerFollow(_ follow: ListenerFollow) async throws {
        follows[Self.followKey(follow.room, follow.id)] = follow
    }

    public func listenerFollows() async throws -> [ListenerFollow] {
        follows.values.sorted { ($0.room, $0.id) < ($1.room, $1.id) }.map { follow in
            var follow = follow
            if let follower = follow.follower, !isAlive(follower) { follow.follower = nil }
            return follow
        }
    }

    public func listenerFollow(room: String, id: String) async throws -> ListenerFollow? {
        try await listenerFollows().first { $0.room == room && $0.id == id }
    }

    public func claimListenerFollow(room: String, id: String, node: String) async throws -> Bool {
        let key = Self.followKey(room, id)
        guard var follow = follows[key], follow.sealedCredential != nil, follow.follower.map({ !isAlive($0) }) ?? true else { return false }
        follow.follower = node
        follows[key] = follow
        return true
    }

    public func updateListenerFollowCredential(room: String, id: String, sealedCredential: [UInt8]?) async throws {
        let key = Self.followKey(room, id)
        guard var follow = follows[key] else { return }
        follow.sealedCredential = sealedCredential
        if sealedCredential == nil { follow.follower = nil }
        follows[key] = follow
    }

    public func deleteListenerFollow(room: String, id: String) async throws {
        follows[Self.followKey(room, id)] = nil
    }
}
