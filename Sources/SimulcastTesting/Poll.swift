/// Waiting for what a test can only observe by asking (a child process's port, a fake player's
/// position, a page's state): asks every `interval` until it holds or `timeout` passes. The
/// one place the tests poll on the real clock; none waits a fixed time for things to settle.
public enum Poll {
    /// True once `condition` holds; false if it still does not after `timeout`.
    public static func until(
        timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        try await value(timeout: timeout, interval: interval) { try await condition() ? true : nil } ?? false
    }

    /// The first non-nil answer of `produce`, or nil after `timeout`.
    public static func value<Value>(
        timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20), _ produce: () async throws -> Value?
    ) async rethrows -> Value? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = try await produce() { return found }
            guard ContinuousClock.now < deadline else { return nil }
            do { try await Task.sleep(for: interval) } catch { return try await produce() }
        }
    }

    /// Runs `body` every `interval` until the task is cancelled: a schedule kept in real time
    /// (a host's heartbeat as the CLI sends it).
    public static func every(_ interval: Duration, _ body: () async -> Void) async {
        while !Task.isCancelled {
            await body()
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }
}
