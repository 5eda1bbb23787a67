import SimulcastCore

/// A room connection without a socket: the simulator (`simulcast-bench sync`) connects its
/// clients to a real `RoomHub` through these, on a simulated network. Text goes in as the
/// WebSocket's frames would; what the room sends comes out through `deliver`. Everything
/// after the frame (decoding, clock pongs, hello, the room's protocol) is the server's own code.
public final class InProcessRoomConnection: Sendable {
    let session: RoomSession
    let socket: InProcessPeer
    let context: RoomHub.Context

    /// - Parameters:
    ///   - deliver: each message for the client, as text, in order.
    ///   - closed: the server closed the connection (code, reason).
    public init(hub: RoomHub, code: String, deliver: @escaping @Sendable (String) -> Void, closed: @escaping @Sendable (UInt16, String) -> Void) {
        context = hub.context
        session = RoomSession(code: code, hub: hub, metrics: context.metrics, logger: context.logger)
        socket = InProcessPeer(deliver: deliver, closed: closed)
        session.attach(socket)
    }

    /// One text message from the client, handled to the end before this returns.
    public func receive(_ text: String) async {
        let receivedAt = context.clock.serverClockNow()
        let message: WireMessage
        do throws(WireDecodingError) { message = try context.codec.decode(text) } catch {
            socket.send(control: .error(error.code, error.description))
            return
        }
        if case .timePing(let ping) = message {
            socket.send(control: .timePong(Wire.TimePong(answering: ping, receivedAt: receivedAt, clock: context.clock)))
            return
        }
        await session.handle(.message(message))
    }

    /// The client went away.
    public func close() async {
        await session.handle(.closed)
    }
}
