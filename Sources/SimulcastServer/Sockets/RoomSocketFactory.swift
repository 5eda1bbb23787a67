import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Rooms
import SimulcastCore

/// Makes the handler for each upgraded room WebSocket, with everything it shares.
struct RoomSocketFactory: Sendable {
    let hub: RoomHub
    let limits: ServerLimits
    let clock: any LocalClock
    let metrics: ServerMetrics
    let logger: Logger
    let trustedProxies: Set<String>
    /// Unknown-room lookups per address, shared with the REST routes.
    let roomLookups: AddressRateLimiter?

    /// The room code of a `/v1/rooms/{code}/ws` path (as typed: it is validated later).
    static func roomCode(inPath uri: String) -> String? {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "rooms", parts[4] == "ws", parts[3].utf8.count <= 64 else { return nil }
        return String(parts[3])
    }

    func makeHandler(channel: any Channel, head: HTTPRequestHead) -> RoomSocketHandler {
        let raw = Self.roomCode(inPath: head.uri) ?? ""
        let address = ClientAddress.resolve(
            peer: channel.remoteAddress, forwardedFor: head.headers["X-Forwarded-For"], forwardedProto: head.headers.first(name: "X-Forwarded-Proto"),
            trustedProxies: trustedProxies)
        guard let code = RoomCode.normalise(raw.removingPercentEncoding ?? raw) else {
            _ = roomLookups?.take(address.ip)
            let shown = String(raw.prefix(12)).filter { $0.isLetter || $0.isNumber }
            return RoomSocketHandler(
                session: nil, refusal: Wire.Error(code: .roomNotFound, message: "\"\(shown)\" is not a room code"), limits: limits, clock: clock,
                metrics: metrics)
        }
        let session = RoomSession(code: code, hub: hub, metrics: metrics, logger: logger, roomLookups: roomLookups)
        let handler = RoomSocketHandler(session: session, refusal: nil, limits: limits, clock: clock, metrics: metrics)
        session.attach(RoomSocket(eventLoop: channel.eventLoop, handler: handler, address: address))
        return handler
    }
}
