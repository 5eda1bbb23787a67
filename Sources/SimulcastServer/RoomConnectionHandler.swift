import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import SimulcastCore

/// Runs one WebSocket connection: reads frames, answers clock pings on the spot, hands
/// everything else to the hub, and writes whatever the hub queues for this connection.
/// Bad input gets an `error` message; only a failed `hello` ends the connection.
struct RoomConnectionHandler: Sendable {
    let hub: RoomHub
    let clock: any LocalClock
    let metrics: ServerMetrics
    let configuration: ServerConfiguration
    let codec = WireCodec()

    func run(code rawCode: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, logger: Logger) async throws {
        let (frames, outbox) = AsyncStream<OutboundFrame>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await frame in frames {
                    switch frame {
                    case .message(let message):
                        try await outbound.write(.text(codec.encode(message)))
                    case .close(let code, let reason):
                        try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                        return
                    }
                }
            }
            defer { outbox.finish() }
            guard let code = RoomCode.normalise(rawCode) else {
                send(.error(.roomNotFound, "\"\(rawCode.prefix(12))\" is not a room code"), to: outbox)
                outbox.finish()
                try await group.waitForAll()
                return
            }
            var joined: RoomHub.Joined?
            do {
                for try await message in inbound.messages(maxSize: configuration.maximumFrameSize) {
                    let receivedAt = clock.nowMicros()
                    let text: String
                    switch message {
                    case .text(let string): text = string
                    case .binary(let buffer): text = String(buffer: buffer)
                    }
                    guard text.utf8.count <= configuration.maximumMessageSize else {
                        send(.error(.messageTooLarge, "messages are limited to \(configuration.maximumMessageSize) bytes; this one had \(text.utf8.count)"), to: outbox)
                        continue
                    }
                    let decoded: WireMessage
                    do throws(WireDecodingError) { decoded = try codec.decode(text) } catch {
                        send(.error(error.code, error.description), to: outbox)
                        continue
                    }
                    metrics.message("in", type: decoded.type)
                    switch decoded {
                    case .timePing(let ping):
                        outbox.yield(.message(.timePong(Wire.TimePong(t0: ping.t0, t1: receivedAt, t2: clock.nowMicros()))))
                    case .hello(let hello) where joined == nil:
                        switch await hub.join(code: code, hello: hello, outbox: outbox) {
                        case .success(let admitted):
                            joined = admitted
                        case .failure(let error):
                            send(.error(error), to: outbox)
                            outbox.yield(.close(code: Self.closeCode(for: error.code), reason: error.code.rawValue))
                            outbox.finish()
                            try await group.waitForAll()
                            return
                        }
                    default:
                        guard let joined else {
                            send(.error(.helloRequired, "say hello first: {\"type\":\"hello\",\"v\":1,\"role\":\"listener\",...}"), to: outbox)
                            continue
                        }
                        if let error = await hub.receive(decoded, from: joined.connectionId, in: code) {
                            send(.error(error), to: outbox)
                        }
                    }
                }
            } catch {
                logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
            }
            if let joined { await hub.leave(connectionId: joined.connectionId, code: code) }
            outbox.finish()
            group.cancelAll()
        }
    }

    private func send(_ message: WireMessage, to outbox: AsyncStream<OutboundFrame>.Continuation) {
        if case .error(let error) = message { metrics.error(error.code) }
        outbox.yield(.message(message))
    }

    /// Close codes in the 4000 range mirror HTTP statuses, so clients can tell "give up" from "retry".
    static func closeCode(for code: Wire.ErrorCode) -> UInt16 {
        switch code {
        case .roomNotFound: 4404
        case .invalidHostToken: 4401
        case .forbidden: 4403
        case .internalError: 1011
        default: 4400
        }
    }
}
