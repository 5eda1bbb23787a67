/// A follower `SpotifyRoomHosting.reconcile` decided to start, handed to `run`'s task group.
struct FollowerStart: Sendable {
    let room: String
    /// Which start this is, so a follower that ends late does not forget a newer one.
    let serial: Int
    let follower: SpotifyRoomFollower
    /// Finishes when the node stops following the room.
    let stop: AsyncStream<Never>

    /// The follower until it ends by itself, `stop` finishes, or the task is cancelled.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await follower.run() }
            // Ends when `stop` finishes or the task is cancelled.
            group.addTask { for await _ in stop {} }
            await group.next()
            group.cancelAll()
        }
    }
}
