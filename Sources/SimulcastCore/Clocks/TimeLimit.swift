import Synchronization

/// Runs an operation for at most a given span of real time: past it the operation is
/// cancelled and `expired()` is thrown at once. For waits on the outside world (a database, a
/// music service): a virtual clock has no say over how long a socket takes.
///
/// The caller does not wait for the cancelled operation to end. An operation that ignores
/// cancellation (a connection waiting for an answer that never comes) would otherwise hold its
/// caller for ever with no timer left to wake it, which is how the test suite hung (issue 55);
/// it is left to end in its own time and its result is dropped.
public enum TimeLimit {
    public static func run<Value: Sendable>(
        _ limit: Duration, expired: @escaping @Sendable () -> any Error, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let outcome = Outcome<Value>()
        let work = Task { try await operation() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.await(continuation)
                let timer = Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    if outcome.settle(.failure(expired())) { work.cancel() }
                }
                Task {
                    let result = await work.result
                    timer.cancel()
                    outcome.settle(result)
                }
            }
        } onCancel: {
            work.cancel()
            outcome.settle(.failure(CancellationError()))
        }
    }

    /// The first of the operation's end, the limit and the caller's cancellation, handed to the
    /// caller once, whichever order they come in (cancellation may come before the caller waits).
    private final class Outcome<Value: Sendable>: Sendable {
        private struct State {
            var waiting: CheckedContinuation<Value, any Error>?
            var settled: Result<Value, any Error>?
        }
        private let state = Mutex(State())

        func await(_ continuation: CheckedContinuation<Value, any Error>) {
            let ready: Result<Value, any Error>? = state.withLock { state in
                guard let settled = state.settled else {
                    state.waiting = continuation
                    return nil
                }
                return settled
            }
            if let ready { continuation.resume(with: ready) }
        }

        /// Whether `result` is the outcome (the first to settle).
        @discardableResult
        func settle(_ result: Result<Value, any Error>) -> Bool {
            let (first, waiting): (Bool, CheckedContinuation<Value, any Error>?) = state.withLock { state in
                guard state.settled == nil else { return (false, nil) }
                state.settled = result
                guard let waiting = state.waiting else { return (true, nil) }
                state.waiting = nil
                return (true, waiting)
            }
            waiting?.resume(with: result)
            return first
        }
    }
}
