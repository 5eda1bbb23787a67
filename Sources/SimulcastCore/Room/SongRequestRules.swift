/// How many requests a room holds: every bound on what listeners may add to a room's state.
public struct SongRequestRules: Hashable, Sendable {
    /// Open requests (pending, accepted, queued) one listener may have asked for.
    public var openPerListener = 3
    /// Open requests in one room.
    public var openPerRoom = 20
    /// Finished ones (played, declined, failed, unplayable) kept to be seen, newest.
    public var finishedKept = 10
    /// Names kept as a request's supporters.
    public var supportersKept = 20
    /// An open request not played within this long expires, so a room's list never fills for good.
    public var openLifetime: Duration = .seconds(3 * 3_600)
    /// What a room's requests may weigh in `room.state`, encoded: every commit sends them to
    /// every listener. A request that would take the list past it is refused (finished ones
    /// are dropped first).
    public var budgetBytes = 24 * 1024

    public init() {}

    public static let standard = SongRequestRules()
}
