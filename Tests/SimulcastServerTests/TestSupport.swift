import AsyncHTTPClient
import CatalogCore
import Catalogs
import Foundation
import Logging
import NIOCore
import NIOWebSocket
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import TrackMatching

@testable import Rooms

enum TestSupport {
    static var appleCatalog: OfflineCatalog { TestRooms.appleCatalog }
    static var deezerCatalog: OfflineCatalog { TestRooms.deezerCatalog }
    static var matchmaker: TrackMatchmaker { TestRooms.matchmaker }
    static var quietLogger: Logger { TestRooms.quietLogger }

    static var isolatedPass: Bool { SystemTests.isolatedPass }

    /// One sample from a server's `/metrics` (served to loopback): the first line of `name`,
    /// with a label value of `label` if one is given.
    static func metric(_ port: Int, _ name: String, label: String? = nil) async -> Double? {
        guard let response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .seconds(5)),
            let body = try? await response.body.collect(upTo: 1 << 20)
        else { return nil }
        let line = String(buffer: body).split(separator: "\n").first { line in
            (line.hasPrefix(name + " ") || line.hasPrefix(name + "{")) && (label.map { line.contains("\"\($0)\"") } ?? true)
        }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
    }

    static func temporaryDatabase() -> String { TestRooms.temporaryDatabase() }

    /// Polls `condition` until it holds or `seconds` pass.
    static func eventually(_ seconds: Double? = nil, _ condition: @Sendable () async -> Bool) async -> Bool {
        await Poll.until(timeout: seconds.map { .milliseconds(Int64($0 * 1000)) } ?? Patience.event, interval: .milliseconds(50), condition)
    }
}

/// A bare WebSocket peer for feeding the server raw frames, good or bad.
struct RawPeer {
    struct Outcome {
        var messages: [WireMessage]
        var closeCode: Int?
    }

    /// Sends each frame in turn, collecting replies: after each frame it waits until
    /// `replies[i]` more messages have arrived (or the server closed). With
    /// `untilServerCloses` it then reads on until the server closes, so the close code is the
    /// server's; otherwise it closes first (1000), which races a server's own close.
    static func exchange(port: Int, room: String, frames: [String], replies: [Int], untilServerCloses: Bool = false) async throws -> Outcome {
        let collected = Collected()
        let close = try await WebSocketConnection.open("ws://127.0.0.1:\(port)/v1/rooms/\(room)/ws", maximumMessageBytes: 1 << 20) { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            for (frame, expected) in zip(frames, replies) {
                try await outbound.write(frame)
                var replied = 0
                while replied < expected {
                    guard let text = try await iterator.next() else { return }
                    guard let decoded = try? WireCodec().decode(text) else {
                        replied += 1
                        continue
                    }
                    // Presence and reactions come on the room's own schedule: not replies to a frame.
                    switch decoded {
                    case .roomPresence, .roomReaction: continue
                    default: break
                    }
                    await collected.append(decoded)
                    replied += 1
                }
            }
            if untilServerCloses { while try await iterator.next() != nil {} }
        }
        return Outcome(messages: await collected.messages, closeCode: close.map { Int(UInt16(webSocketErrorCode: $0)) })
    }

    actor Collected {
        var messages: [WireMessage] = []
        func append(_ message: WireMessage) { messages.append(message) }
    }

    static func hello(_ role: ParticipantRole, room: String, token: String? = nil, service: MusicService? = .appleMusic) -> String {
        WireCodec().text(.hello(Wire.Hello(role: role, room: room, hostToken: token, service: role == .listener ? service : nil, storefront: "us")))
    }
}
