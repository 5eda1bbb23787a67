/// The real-time instant by which the current catalog lookup must be answered, every request,
/// retry, pacing wait and response body included. Whoever starts a lookup sets it (the room
/// hub); the HTTP clients read it. A task local rather than a parameter so the matchers in
/// between need not carry it, and so the lookup runs where it ran before: a time limit built
/// from a task group moved CPU-bound offline matching onto more threads and starved the rest
/// of the process on two cores.
public enum LookupDeadline {
    @TaskLocal public static var current: ContinuousClock.Instant?

    /// Time left before the current lookup's deadline (zero once it has passed); nil outside a
    /// lookup.
    public static var remaining: Duration? {
        current.map { max(.zero, ContinuousClock.now.duration(to: $0)) }
    }
}
