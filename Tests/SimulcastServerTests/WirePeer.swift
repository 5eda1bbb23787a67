import Foundation
import NIOWebSocket
import SimulcastClient
import SimulcastCore
import SimulcastTesting

/// A raw room connection kept open: sends what a test tells it and records every message
/// and the close code, so a test can wait on them.
actor WirePeer {
    private(set) var messages: [WireMessage] = []
    private(set) var closeCode: Int?
    private(set) var closed = false
    private var outbox: AsyncStream<String>.Continuation?
    private var task: Task<Void, Never>?

    /// Connects and says hello; `forwardedFor`: the client a trusted proxy would name
    /// (`X-Forwarded-For`), to stand for many addresses from loopback.
    static func connect(port: Int, room: String, hello: String, forwardedFor: String? = nil) async -> WirePeer {
        let peer = WirePeer()
        await peer.start(port: port, room: room, hello: hello, forwardedFor: forwardedFor)
        return peer
    }

    private func start(port: Int, room: String, hello: String, forwardedFor: String?) {
        let (frames, outbox) = AsyncStream<String>.makeStream()
        self.outbox = outbox
        outbox.yield(hello)
        task = Task {
            let close = try? await WebSocketConnection.open(
                "ws://127.0.0.1:\(port)/v1/rooms/\(room)/ws", headers: forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:], maximumMessageBytes: 1 << 20
            ) { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await frame in frames { try await outbound.write(frame) }
                    }
                    for try await text in inbound {
                        if let decoded = try? WireCodec().decode(text) { await self.record(decoded) }
                    }
                    group.cancelAll()
                }
            }
            self.finish(close: close.map { Int(UInt16(webSocketErrorCode: $0)) })
        }
    }

    private func record(_ message: WireMessage) { messages.append(message) }

    private func finish(close: Int?) {
        closeCode = close
        closed = true
        outbox?.finish()
    }

    func send(_ message: WireMessage) { outbox?.yield(WireCodec().text(message)) }

    func disconnect() {
        outbox?.finish()
        task?.cancel()
    }

    var welcome: Wire.Welcome? {
        for message in messages { if case .welcome(let welcome) = message { return welcome } }
        return nil
    }

    var presences: [RoomPresence] {
        messages.compactMap {
            if case .roomPresence(let presence) = $0 { return presence }
            return nil
        }
    }

    var states: [RoomState] {
        messages.compactMap {
            if case .roomState(let state) = $0 { return state }
            return nil
        }
    }

    var reactions: [Wire.RoomReaction] {
        messages.compactMap { if case .roomReaction(let reaction) = $0 { reaction } else { nil } }
    }

    var errors: [Wire.ErrorCode] {
        messages.compactMap {
            if case .error(let error) = $0 { return error.code }
            return nil
        }
    }
}
