import Dispatch
import SimulcastCore
import Synchronization
import Testing

/// Issue 55 (0): a deadline that cannot end was the suite's hang. `TimeLimit` cancelled the
/// operation at the limit and then waited for it to end; an operation that does not heed
/// cancellation (a database connection waiting for an answer that never comes) held the caller
/// for ever, with no timer left to wake anything. The limit's error now comes at the limit,
/// and the operation is left to end in its own time.
@Suite struct TimeLimitTests {
    /// An operation that ignores cancellation: it ends when released, or after `fallback`.
    final class Uncooperative: Sendable {
        private let release = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let released = Mutex(false)
        let ended = Mutex(false)

        func run(fallback: Duration) async -> Int {
            await withCheckedContinuation { continuation in
                let already = released.withLock { released in
                    if !released { release.withLock { $0 = continuation } }
                    return released
                }
                if already { continuation.resume() }
                let seconds = Double(fallback.components.seconds)
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.letGo() }
            }
            ended.withLock { $0 = true }
            return 1
        }

        func letGo() {
            released.withLock { $0 = true }
            release.withLock { $0.take() }?.resume()
        }
    }

    @Test func theLimitsErrorComesAtTheLimitEvenIfTheOperationIgnoresCancellation() async throws {
        struct Expired: Error {}
        let operation = Uncooperative()
        await #expect(throws: Expired.self) {
            try await TimeLimit.run(.milliseconds(50), expired: { Expired() }) { await operation.run(fallback: .seconds(10)) }
        }
        #expect(operation.ended.withLock { $0 } == false, "the caller waited for the operation to end")
        operation.letGo()
    }

    @Test func anOperationThatEndsInTimeGivesItsValueOrItsError() async throws {
        struct Expired: Error {}
        struct Failed: Error {}
        #expect(try await TimeLimit.run(.seconds(30), expired: { Expired() }) { 7 } == 7)
        await #expect(throws: Failed.self) { try await TimeLimit.run(.seconds(30), expired: { Expired() }) { () async throws -> Int in throw Failed() } }
    }

    @Test func cancellingTheCallerCancelsTheOperationAndEndsAtOnce() async throws {
        struct Expired: Error {}
        let started = AsyncStream<Void>.makeStream()
        let waiting = Task {
            try await TimeLimit.run(.seconds(30), expired: { Expired() }) {
                started.continuation.yield()
                try await Task.sleep(for: .seconds(30))  // the operation the caller's cancellation ends
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
