/// Listener follows' store: the sealed logins of listeners whose own player the server keeps
/// in sync, and which live node follows each. Deleting a room deletes its follows.
public protocol ListenerFollowStore: Sendable {
    /// A new follow (its id is new: a listener who asks again gets another).
    func saveListenerFollow(_ follow: ListenerFollow) async throws
    /// Every follow; `follower` only when that node is alive.
    func listenerFollows() async throws -> [ListenerFollow]
    func listenerFollow(room: String, id: String) async throws -> ListenerFollow?
    /// Makes `node` the follow's follower when its login is still held and no live node
    /// follows it; true when it did (atomic, so two nodes never both win).
    func claimListenerFollow(room: String, id: String, node: String) async throws -> Bool
    /// Replaces the sealed login (a rotated token); nil forgets it (the service refused it)
    /// and clears the follower.
    func updateListenerFollowCredential(room: String, id: String, sealedCredential: [UInt8]?) async throws
    func deleteListenerFollow(room: String, id: String) async throws
}
