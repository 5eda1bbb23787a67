import Rooms
import SimulcastClient
import SimulcastCore

/// A `RoomConnection` to this node's own hub without a socket: how a node follows a hosted
/// room. Everything else (hello, clock pings, reconnect backoff) is the CLI's own code.
struct InProcessRoomTransport: RoomTransport {
    let hub: RoomHub

    func connect(
        to url: String, room: String, clock: any LocalClock, session: @escaping @Sendable (RoomTransportLink) async throws -> Void
    ) async throws -> String? {
        let (frames, delivered) = AsyncStream<RoomTransportLink.Frame>.makeStream()
        let closeReason = ClosedReason()
        let connection = InProcessRoomConnection(
            hub: hub, code: room, deliver: { delivered.yield(RoomTransportLink.Frame(text: $0, receivedAt: clock.now())) },
            closed: { code, reason in
                closeReason.set("closed by the room (\(code) \(reason))")
                delivered.finish()
            })
        // Each message is handled by the room to the end before the next, as a socket's frames would be.
        let link = RoomTransportLink(frames: frames, write: { text in await connection.receive(text) })
        do {
            try await withTaskCancellationHandler {
                try await session(link)
            } onCancel: {
                delivered.finish()
            }
        } catch {
            await Self.leave(connection)
            throw error
        }
        await Self.leave(connection)
        return closeReason.value ?? "stopped"
    }

    /// Not in the caller's (usually cancelled) task: the room's leave saves "host away", and a
    /// cancelled save would leave listeners believing the host is still there.
    private static func leave(_ connection: InProcessRoomConnection) async {
        await Task { await connection.close() }.value
    }
}
