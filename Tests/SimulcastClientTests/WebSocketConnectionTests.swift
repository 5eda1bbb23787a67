import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization
import Testing

@testable import SimulcastClient

/// The client WebSocket against a loopback server that speaks frames as a script says. A
/// client that misses a frame leaves both sides waiting: the time limit ends such a run.
@Suite(.timeLimit(.minutes(1))) struct WebSocketConnectionTests {
    /// What the server saw of the client, in order; a test reads it once the script has ended.
    struct Seen: Sendable {
        let frames: AsyncStream<WebSocketFrame>
        private let continuation: AsyncStream<WebSocketFrame>.Continuation

        init() { (frames, continuation) = AsyncStream.makeStream() }
        func append(_ frame: WebSocketFrame) { continuation.yield(frame) }
        func scriptEnded() { continuation.finish() }

        /// Every frame, once the script has ended.
        var all: [WebSocketFrame] {
            get async { await frames.reduce(into: []) { $0.append($1) } }
        }
    }

    static func frame(_ opcode: WebSocketOpcode, _ text: String, fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(string: text))
    }

    static func close(_ code: Int) -> WebSocketFrame {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: code))
        return WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    }

    @Test func textBothWaysFragmentsJoinedPingsAnsweredAndTheServersCloseCodeReturned() async throws {
        let seen = Seen()
        let server = try await ScriptedWebSocketServer { inbound, outbound in
            defer { seen.scriptEnded() }
            var frames = inbound.makeAsyncIterator()
            guard let hello = try await frames.next() else { return }
            seen.append(hello)
            // The answer in two fragments, a ping between them (control frames may interleave).
            try await outbound.write(Self.frame(.text, "echo: ", fin: false))
            try await outbound.write(Self.frame(.ping, "are you there"))
            try await outbound.write(Self.frame(.continuation, String(buffer: hello.unmaskedData)))
            if let pong = try await frames.next() { seen.append(pong) }
            try await outbound.write(Self.close(4001))
            if let answer = try await frames.next() { seen.append(answer) }
        }
        defer { server.stop() }
        let received = Mutex<[String]>([])
        let code = try await WebSocketConnection.open("ws://127.0.0.1:\(server.port)/ws", maximumMessageBytes: 1 << 10) { messages, outbound in
            try await outbound.write("hello")
            for try await text in messages { received.withLock { $0.append(text) } }
        }
        #expect(received.withLock { $0 } == ["echo: hello"])
        #expect(code == WebSocketErrorCode(codeNumber: 4001))
        let frames = await seen.all
        try #require(frames.count == 3)
        #expect(frames.allSatisfy { $0.maskKey != nil }, "a client's frames are masked")
        #expect(frames[0].opcode == .text && String(buffer: frames[0].unmaskedData) == "hello")
        #expect(frames[1].opcode == .pong && String(buffer: frames[1].unmaskedData) == "are you there")
        var closeData = frames[2].unmaskedData
        #expect(frames[2].opcode == .connectionClose && closeData.readWebSocketErrorCode() == WebSocketErrorCode(codeNumber: 4001))
    }

    @Test func aSessionThatEndsClosesWith1000AndGetsTheServersAnswer() async throws {
        let seen = Seen()
        let server = try await ScriptedWebSocketServer { inbound, outbound in
            defer { seen.scriptEnded() }
            for try await frame in inbound {
                seen.append(frame)
                if frame.opcode == .connectionClose {
                    try await outbound.write(Self.close(1000))
                    return
                }
            }
        }
        defer { server.stop() }
        let code = try await WebSocketConnection.open("ws://127.0.0.1:\(server.port)/ws", maximumMessageBytes: 1 << 10) { _, outbound in
            try await outbound.write("bye")
        }
        #expect(code == .normalClosure)
        let frames = await seen.all
        #expect(frames.map(\.opcode) == [.text, .connectionClose])
        var closeData = try #require(frames.last).unmaskedData
        #expect(closeData.readWebSocketErrorCode() == .normalClosure)
    }

    @Test func aMessageOverTheLimitEndsTheConnectionWithAClearError() async throws {
        let seen = Seen()
        // In fragments each under the limit, together over it: the client counts the message.
        let server = try await ScriptedWebSocketServer { inbound, outbound in
            defer { seen.scriptEnded() }
            let part = String(repeating: "x", count: 400)
            try await outbound.write(Self.frame(.text, part, fin: false))
            try await outbound.write(Self.frame(.continuation, part, fin: false))
            try await outbound.write(Self.frame(.continuation, part))
            for try await frame in inbound { seen.append(frame) }
        }
        defer { server.stop() }
        await #expect(throws: WebSocketConnectionError.messageTooLarge(host: "127.0.0.1", limitBytes: 1000)) {
            try await WebSocketConnection.open("ws://127.0.0.1:\(server.port)/ws", maximumMessageBytes: 1000) { messages, _ in
                for try await _ in messages {}
            }
        }
        var closeData = try #require(await seen.all.first { $0.opcode == .connectionClose }).unmaskedData
        #expect(closeData.readWebSocketErrorCode() == .messageTooLarge)

        // One frame over the limit: the frame decoder refuses it before it is read.
        let oneFrameSeen = Seen()
        let oneFrame = try await ScriptedWebSocketServer { inbound, outbound in
            defer { oneFrameSeen.scriptEnded() }
            try await outbound.write(Self.frame(.text, String(repeating: "y", count: 3000)))
            for try await frame in inbound { oneFrameSeen.append(frame) }
        }
        defer { oneFrame.stop() }
        await #expect(throws: WebSocketConnectionError.messageTooLarge(host: "127.0.0.1", limitBytes: 1000)) {
            try await WebSocketConnection.open("ws://127.0.0.1:\(oneFrame.port)/ws", maximumMessageBytes: 1000) { messages, _ in
                for try await _ in messages {}
            }
        }
        var oneFrameClose = try #require(await oneFrameSeen.all.first { $0.opcode == .connectionClose }).unmaskedData
        #expect(oneFrameClose.readWebSocketErrorCode() == .messageTooLarge)
    }

    @Test func anAddressThatIsNotAWebSocketOrAServerThatWillNotUpgradeIsAClearError() async throws {
        let server = try await ScriptedWebSocketServer { _, _ in }
        defer { server.stop() }
        await #expect(throws: WebSocketConnectionError.invalidURL("http://127.0.0.1:\(server.port)/ws")) {
            try await WebSocketConnection.open("http://127.0.0.1:\(server.port)/ws?token=secret", maximumMessageBytes: 1 << 10) { _, _ in }
        }
        let refused = await #expect(throws: WebSocketConnectionError.upgradeRefused(host: "127.0.0.1")) {
            try await WebSocketConnection.open("ws://127.0.0.1:\(server.port)/elsewhere?token=secret", maximumMessageBytes: 1 << 10) { _, _ in }
        }
        #expect(refused.map { "\($0)".contains("secret") } == false)
    }

    @Test func aServerThatNeverAnswersTheUpgradeIsAHandshakeFailure() async throws {
        // Accepts the connection and reads nothing: the upgrade's time limit closes it.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        await #expect(throws: WebSocketConnectionError.handshakeFailed(host: "127.0.0.1", reason: "no upgrade within 0.2 s or the connection closed")) {
            try await WebSocketConnection.open("ws://127.0.0.1:\(port)/ws", maximumMessageBytes: 1 << 10, handshakeLimit: .milliseconds(200)) { _, _ in }
        }
        try await silent.close()
    }

    @Test(arguments: [
        // (frames as opcode:text:fin, the outcome of the last)
        ([(WebSocketOpcode.text, "whole", true)], WebSocketMessageAssembler.Outcome.text("whole")),
        ([(.text, "in ", false), (.continuation, "two", true)], .text("in two")),
        ([(.text, "in ", false), (.continuation, "thr", false), (.continuation, "ee", true)], .text("in three")),
        ([(.binary, "skipped", true)], .incomplete),
        ([(.binary, "skip", false), (.continuation, "ped", true)], .incomplete),
        ([(.continuation, "no start", true)], .protocolError),
        ([(.text, "unfinished", false), (.text, "new message", true)], .protocolError),
        ([(.text, "12345678901", true)], .tooLarge),
        ([(.text, "123456", false), (.continuation, "78901", true)], .tooLarge),
        ([(.text, "1234567890", true)], .text("1234567890")),
    ])
    func theAssemblerJoinsFragmentsUpToTheLimit(frames: [(WebSocketOpcode, String, Bool)], last: WebSocketMessageAssembler.Outcome) {
        var assembler = WebSocketMessageAssembler(maximumBytes: 10)
        var outcome = WebSocketMessageAssembler.Outcome.incomplete
        for (opcode, text, fin) in frames { outcome = assembler.add(Self.frame(opcode, text, fin: fin)) }
        #expect(outcome == last)
    }
}
