import Rooms
import SimulcastClient
import SimulcastCore

/// Runs a `RoomClient` against this node's own hub without a socket: the connection a node
/// opens to follow a hosted room. The client's protocol (hello, clock pings, reconnect
/// backoff) is the CLI's own; only the transport differs, as in the simulator.
struct InProcessRoomLink: Sendable {
    let hub: RoomHub
    let client: RoomClient

    /// Connects, and connects again after the room closes the connection (a shutdown, a
    /// refusal the client may retry), until cancelled or refused for good.
    func run(onEvent: @escaping @Sendable (RoomClientEvent) async -> Void) async throws {
        let clock = client.clock
        while !Task.isCancelled {
            let reason = await session(onEvent: onEvent)
            let delay = try await client.connectionEnded().get()
            if Task.isCancelled { return }
            await onEvent(.disconnected(reason: reason))
            try? await clock.sleep(until: clock.now().advanced(by: delay))
        }
    }

    /// One connection, until the room closes it or the task is cancelled; why it ended.
    private func session(onEvent: @escaping @Sendable (RoomClientEvent) async -> Void) async -> String {
        let codec = WireCodec()
        let clock = client.clock
        let client = self.client
        let (inbound, delivered) = AsyncStream<String>.makeStream()
        let (outbound, sent) = AsyncStream<WireMessage>.makeStream()
        let closeReason = ClosedReason()
        let connection = InProcessRoomConnection(
            hub: hub, code: client.hello.room, deliver: { delivered.yield($0) },
            closed: { code, reason in
                closeReason.set("closed by the room (\(code) \(reason))")
                delivered.finish()
            })
        let number = await client.connectionOpened { sent.yield($0) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // In order, each handled to the end, as the socket's frames would be.
                // One JSON cannot carry never leaves, as from a WebSocket client.
                for await message in outbound {
                    if let text = try? codec.encode(message) { await connection.receive(text) }
                }
            }
            group.addTask {
                while let delay = await client.pingDue(connection: number) {
                    do { try await clock.sleep(until: clock.now().advanced(by: delay)) } catch { return }
                }
            }
            group.addTask {
                await withTaskCancellationHandler {
                    for await text in inbound {
                        let receivedAt = clock.now()
                        guard let message = try? codec.decode(text) else { continue }
                        if let event = await client.received(message, at: receivedAt) { await onEvent(event) }
                    }
                } onCancel: {
                    delivered.finish()
                }
            }
            // The inbound side ends first (the room closed, or cancellation); then the rest.
            await group.next()
            sent.finish()
            group.cancelAll()
        }
        // Not in this (usually cancelled) task: the room's leave saves "host away", and a
        // cancelled save would leave listeners believing the host is still there.
        await Task { await connection.close() }.value
        return closeReason.value ?? "stopped"
    }
}
