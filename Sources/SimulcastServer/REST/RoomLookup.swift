import Rooms
import SimulcastCore

/// Looks a room up for a client under the miss limiter: every lookup needs a token from the
/// client's budget, and a lookup of an unknown room spends one, so guessing codes is slow
/// and a real user is not slowed. Shared by the REST routes and the listener page.
struct RoomLookup: Sendable {
    let hub: RoomHub
    let limiter: AddressRateLimiter
    let metrics: ServerMetrics

    func room(_ raw: String, for client: ClientAddress) async throws -> LiveRoom {
        guard limiter.hasToken(client.ip) else {
            metrics.limitHit(.roomLookup)
            throw APIError.rateLimited("too many lookups of unknown rooms from your address", retryAfter: limiter.retryAfterSeconds(client.ip))
        }
        guard let code = RoomCode.normalise(raw), let room = try await hub.room(code: code) else {
            _ = limiter.take(client.ip)
            throw APIError.roomNotFound(String(raw.prefix(12)))
        }
        return room
    }
}
