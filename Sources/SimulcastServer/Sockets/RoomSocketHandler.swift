import NIOCore
import NIOWebSocket
import Prometheus
import Rooms
import SimulcastCore

/// One room WebSocket on its event loop: enforces the protocol's framing (masked text frames,
/// valid UTF-8, sizes), answers clock pings on the spot, rate-limits, and writes what rooms
/// send with a bounded outbox: the newest state replaces an unsent one, and a connection
/// that has not drained for `drainTimeout` is closed.
final class RoomSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Control messages that may wait for a slow reader before it is closed.
    static let maximumPendingControls = 64

    let session: RoomSession?
    let limits: ServerLimits
    let clock: any LocalClock
    let metrics: ServerMetrics
    let codec = WireCodec()
    /// Why the connection must be refused at once (an invalid room code), if so.
    let refusal: Wire.Error?

    private var context: ChannelHandlerContext?
    /// A fragmented message being assembled.
    private var partialMessage: ByteBuffer?
    private var bucket: TokenBucket
    private var strikes = 0
    private var pendingState: StateFrame?
    /// The first handler's context (the connection guard, next to the socket): pre-framed
    /// states are written there, skipping the frame encoder. Nil only outside our pipeline.
    private var wireContext: ChannelHandlerContext?
    private var pendingControls: CircularBuffer<ByteBuffer> = []
    private var drainCheck: Scheduled<Void>?
    private var idleCheck: RepeatedTask?
    /// On the injected clock, as the rate limit; the checks themselves are the event loop's timers.
    private var lastReceived: LocalTime
    /// The channel's writability, as last announced: read on every send, so kept here rather
    /// than asked of the channel each time.
    private var writable = true
    /// Where the connection is in its life: open; closing (our close frame is out, or the
    /// peer's was echoed); closed (the channel is gone, the session told).
    private enum Phase { case open, closing, closed }
    private var phase = Phase.open

    init(session: RoomSession?, refusal: Wire.Error?, limits: ServerLimits, clock: any LocalClock, metrics: ServerMetrics) {
        self.session = session
        self.refusal = refusal
        self.limits = limits
        self.clock = clock
        self.metrics = metrics
        let now = clock.now()
        self.lastReceived = now
        self.bucket = TokenBucket(rate: limits.messages, now: now)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        wireContext = try? context.pipeline.syncOperations.context(handlerType: ConnectionGuard.self)
        if let refusal {
            metrics.error(refusal.code)
            sendControl(.error(refusal))
            close(code: refusal.code.closeCode, reason: refusal.code.rawValue)
            return
        }
        let idle = TimeAmount(limits.webSocketIdleTimeout)
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: .nanoseconds(idle.nanoseconds / 3), delay: .nanoseconds(idle.nanoseconds / 3)) { _ in
            loopBound.value.checkIdle(after: idle)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    private func finish() {
        guard phase != .closed else { return }
        phase = .closed
        idleCheck?.cancel()
        drainCheck?.cancel()
        pendingState = nil
        pendingControls.removeAll()
        session?.enqueue(.closed)
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let receivedAt = clock.serverClockNow()
        lastReceived = clock.now()
        guard phase == .open else {
            if frame.opcode == .connectionClose { context.close(promise: nil) }
            return
        }
        guard frame.maskKey != nil else { return protocolClose(1002, "client frames must be masked") }
        guard frame.reservedBits.isEmpty else { return protocolClose(1002, "no extension was negotiated") }
        switch frame.opcode {
        case .connectionClose:
            // Echo the peer's close and end the connection.
            phase = .closing
            var data = frame.unmaskedData
            let code = data.readInteger(as: UInt16.self) ?? 1000
            writeClose(code: code == 1005 ? 1000 : code, reason: "")
            context.close(promise: nil)
        case .ping:
            guard frame.fin else { return protocolClose(1002, "control frames cannot be fragmented") }
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
        case .pong:
            break
        case .binary:
            metrics.limitHit(.binaryFrame)
            protocolClose(1003, "binary frames are not part of the protocol; send JSON text")
        case .text:
            guard partialMessage == nil else { return protocolClose(1002, "a new message began before the last one ended") }
            var data = frame.unmaskedData
            if frame.fin { handleMessage(&data, receivedAt: receivedAt) } else { partialMessage = data }
        case .continuation:
            guard var partial = partialMessage else { return protocolClose(1002, "continuation without a message") }
            var data = frame.unmaskedData
            guard partial.readableBytes + data.readableBytes <= limits.frameBytes else {
                partialMessage = nil
                metrics.limitHit(.frameSize)
                return protocolClose(1009, "messages are limited to \(limits.frameBytes) bytes")
            }
            partial.writeBuffer(&data)
            if frame.fin {
                partialMessage = nil
                handleMessage(&partial, receivedAt: receivedAt)
            } else {
                partialMessage = partial
            }
        default:
            protocolClose(1002, "unknown opcode")
        }
    }

    /// The server allows half-closure for HTTP; a room socket whose peer closed its side is done.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Frame decoding errors (oversized frames, bad control frames) are answered by NIO's
        // protocol error handler before they get here; anything else ends the connection.
        context.close(promise: nil)
    }

    private func handleMessage(_ data: inout ByteBuffer, receivedAt: ServerTime) {
        let size = data.readableBytes
        guard size <= limits.messageBytes else {
            metrics.limitHit(.messageSize)
            return sendError(.messageTooLarge, "messages are limited to \(limits.messageBytes) bytes; this one had \(size)")
        }
        guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
            metrics.limitHit(.invalidUTF8)
            return protocolClose(1007, "text frames must be valid UTF-8")
        }
        guard bucket.take(now: clock.now()) else {
            strikes += 1
            metrics.limitHit(.messageRate)
            if strikes >= limits.floodStrikes { return close(code: 4429, reason: "too many messages") }
            if strikes == 1 { sendError(.rateLimited, "more than \(Int(limits.messages.perSecond)) messages a second; messages are being dropped") }
            return
        }
        strikes = 0
        let decoded: WireMessage
        do throws(WireDecodingError) { decoded = try codec.decode(text) } catch {
            return sendError(error.code, error.description)
        }
        metrics.received(decoded)
        if case .timePing(let ping) = decoded {
            // Answered here, closest to the wire, so the server's timestamps are tight.
            return sendControl(.timePong(Wire.TimePong(answering: ping, receivedAt: receivedAt, clock: clock)))
        }
        session?.enqueue(.message(decoded))
    }

    private func sendError(_ code: Wire.ErrorCode, _ message: String) {
        metrics.error(code)
        sendControl(.error(code, message))
    }

    /// A protocol violation: the close frame goes out and the connection ends without waiting.
    private func protocolClose(_ code: UInt16, _ reason: String) {
        guard phase == .open, let context else { return }
        phase = .closing
        pendingState = nil
        pendingControls.removeAll()
        writeClose(code: code, reason: reason)
        context.close(promise: nil)
    }

    // MARK: Outbound

    func sendState(_ state: StateFrame) {
        guard phase == .open, context != nil else { return }
        if writable && pendingControls.isEmpty {
            writeState(state, flush: true)
        } else {
            if pendingState != nil { metrics.coalescedStates.increment() }
            pendingState = state
            armDrainCheck()
        }
    }

    private func writeState(_ state: StateFrame, flush: Bool) {
        if let wireContext {
            if flush { wireContext.writeAndFlush(NIOAny(state.framed), promise: nil) } else { wireContext.write(NIOAny(state.framed), promise: nil) }
        } else if let context {
            let frame = wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: state.payload))
            if flush { context.writeAndFlush(frame, promise: nil) } else { context.write(frame, promise: nil) }
        }
    }

    /// Errors and pongs are plain data; one JSON cannot carry is not sent.
    private func sendControl(_ message: WireMessage) {
        if let bytes = try? codec.encodeBuffer(message) { sendControl(bytes) }
    }

    func sendControl(_ bytes: ByteBuffer) {
        guard phase == .open, context != nil else { return }
        if writable && pendingControls.isEmpty && pendingState == nil {
            write(WebSocketFrame(fin: true, opcode: .text, data: bytes))
        } else {
            pendingControls.append(bytes)
            armDrainCheck()
            if pendingControls.count > Self.maximumPendingControls {
                metrics.limitHit(.drainTimeout)
                close(code: 4408, reason: "not reading: \(Self.maximumPendingControls) replies waiting")
            }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        if writable { flushPending() }
        context.fireChannelWritabilityChanged()
    }

    private func flushPending() {
        guard let context, phase != .closed else { return }
        while context.channel.isWritable, let next = pendingControls.popFirst() {
            context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: next)), promise: nil)
        }
        if context.channel.isWritable, pendingControls.isEmpty, let state = pendingState {
            pendingState = nil
            writeState(state, flush: false)
        }
        context.flush()
        if pendingControls.isEmpty && pendingState == nil {
            drainCheck?.cancel()
            drainCheck = nil
        }
    }

    /// Starts the clock on a connection that stopped draining; it is closed if still stuck.
    private func armDrainCheck() {
        guard drainCheck == nil, let context else { return }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        drainCheck = context.eventLoop.scheduleTask(in: TimeAmount(limits.drainTimeout)) {
            loopBound.value.drainTimedOut()
        }
    }

    private func drainTimedOut() {
        drainCheck = nil
        guard phase != .closed, pendingState != nil || !pendingControls.isEmpty else { return }
        metrics.limitHit(.drainTimeout)
        // The peer is not reading, so a close frame would not get through either.
        context?.close(promise: nil)
    }

    private func checkIdle(after idle: TimeAmount) {
        guard phase != .closed, let context else { return }
        let silent = TimeAmount.microseconds(lastReceived.distance(to: clock.now()))
        if silent >= idle {
            metrics.limitHit(.idleTimeout)
            close(code: 4408, reason: "nothing received for \(idle.nanoseconds / 1_000_000_000) s")
        } else if silent.nanoseconds >= idle.nanoseconds / 3 {
            // A quiet peer is asked to prove it is there; its pong counts as traffic.
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())), promise: nil)
        }
    }

    private func write(_ frame: WebSocketFrame) {
        context?.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    private func writeClose(code: UInt16, reason: String) {
        guard let context else { return }
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(String(reason.utf8.prefix(120)) ?? "")
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
    }

    /// Sends a close frame, then closes the socket when the peer answers or after 2 s,
    /// whichever comes first: a peer that never answers cannot hold the connection open.
    func close(code: UInt16, reason: String) {
        guard phase == .open, let context else { return }
        phase = .closing
        // Replies already queued go first; states do not matter any more.
        pendingState = nil
        while let next = pendingControls.popFirst() {
            context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: next)), promise: nil)
        }
        writeClose(code: code, reason: reason)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    }

}
