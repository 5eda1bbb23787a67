import SimulcastCore

/// Remembers catalog answers so repeated matches cost no requests. The server backs it
/// with its database; an in-memory one serves the CLI and tests.
public protocol ResponseCache: Sendable {
    func cachedResponse(for key: String, now: LocalTime) async throws -> [UInt8]?
    func cacheResponse(_ body: [UInt8], for key: String, expiresAt: LocalTime) async throws
}

public actor InMemoryResponseCache: ResponseCache {
    private var entries: [String: (body: [UInt8], expiresAt: LocalTime)] = [:]
    private let capacity: Int

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
}
