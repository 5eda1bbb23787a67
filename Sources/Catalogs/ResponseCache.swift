import SimulcastCore

/// Remembers catalog answers so repeated matches cost no requests. The server backs it
/// with its database; an in-memory one serves the CLI and tests.
public protocol ResponseCache: Sendable {
    func cachedResponse(for key: String, now: LocalTime) async throws -> [UInt8]?
    func cacheResponse(_ body: [UInt8], for key: String, expiresAt: LocalTime) async throws
    /// The cached answer for `key`, or the one `fetch` makes, cached. Where answers are dear
    /// (a YouTube search: 100 of 10,000 daily units) a cache that others share makes one fetch
    /// at a time per key: a second asker waits for the first and reads its answer, in this
    /// process (`InMemoryResponseCache`) or on every node (`PostgresResponseCache`). Errors of
    /// `fetch` come out unchanged and nothing is cached.
    func response(for key: String, now: LocalTime, fetch: @escaping @Sendable () async throws -> FetchedResponse) async throws -> [UInt8]
}

extension ResponseCache {
    /// Without exclusion: one process, whose match resolver already asks once per song.
    public func response(for key: String, now: LocalTime, fetch: @escaping @Sendable () async throws -> FetchedResponse) async throws -> [UInt8] {
        if let body = try await cachedResponse(for: key, now: now) { return body }
        let fetched = try await fetch()
        try await cacheResponse(fetched.body, for: key, expiresAt: fetched.expiresAt)
        return fetched.body
    }
}

public actor InMemoryResponseCache: ResponseCache {
    private var entries: [String: (body: [UInt8], expiresAt: LocalTime)] = [:]
    private let capacity: Int
    /// Fetches under way, by key: a second asker waits for the first.
    private var fetching: [String: Task<[UInt8], any Error>] = [:]

    public init(capacity: Int = 10_000) { self.capacity = capacity }

    public func cachedResponse(for key: String, now: LocalTime) -> [UInt8]? {
        guard let entry = entries[key], entry.expiresAt > now else { return nil }
        return entry.body
    }

    public func cacheResponse(_ body: [UInt8], for key: String, expiresAt: LocalTime) {
        if entries.count >= capacity, entries[key] == nil, let oldest = entries.min(by: { $0.value.expiresAt < $1.value.expiresAt })?.key {
            entries[oldest] = nil
        }
        entries[key] = (body, expiresAt)
    }

    public func response(for key: String, now: LocalTime, fetch: @escaping @Sendable () async throws -> FetchedResponse) async throws -> [UInt8] {
        if let body = cachedResponse(for: key, now: now) { return body }
        if let running = fetching[key] { return try await running.value }
        let task = Task<[UInt8], any Error> {
            let fetched = try await fetch()
            self.cacheResponse(fetched.body, for: key, expiresAt: fetched.expiresAt)
            return fetched.body
        }
        fetching[key] = task
        defer { fetching[key] = nil }
        return try await task.value
    }
}
