/// Runs an operation for at most a given span of real time: past it the operation is
/// cancelled and `expired()` is thrown. For waits on the outside world (a database, a music
/// service): a virtual clock has no say over how long a socket takes.
public enum TimeLimit {
    public static func run<Value: Sendable>(
        _ limit: Duration, expired: @escaping @Sendable () -> any Error, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw expired()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
