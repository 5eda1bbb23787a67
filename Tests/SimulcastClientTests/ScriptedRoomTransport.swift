import SimulcastClient
import SimulcastCore
import Synchronization

/// A `RoomTransport` that plays one scripted connection per attempt and records what the
/// connection wrote: the network boundary of `RoomConnection`, faked.
final class ScriptedRoomTransport: RoomTransport {
    enum Attempt: Sendable {
        /// The server cannot be reached.
        case unreachable
        /// The server sends these frames (after the client's first write), then closes with `reason`.
        case open(frames: [String], closeReason: String?)
    }

    private struct State {
        var attempts: [Attempt]
        var urls: [String] = []
        var written: [[String]] = []
    }

    private let state: Mutex<State>

    init(_ attempts: [Attempt]) { state = Mutex(State(attempts: attempts)) }

    /// The URL of each connection attempt, in order.
    var urls: [String] { state.withLock { $0.urls } }
    /// What the client wrote on each opened connection.
    var written: [[String]] { state.withLock { $0.written } }

    struct Unreachable: Error {}

    private func record(_ text: String, on connection: Int) { state.withLock { $0.written[connection].append(text) } }

    func connect(
        to url: String, room: String, clock: any LocalClock, session: @escaping @Sendable (RoomTransportLink) async throws -> Void
    ) async throws -> String? {
        let (attempt, index) = state.withLock { state -> (Attempt?, Int) in
            state.urls.append(url)
            guard !state.attempts.isEmpty else { return (nil, 0) }
            let attempt = state.attempts.removeFirst()
            if case .open = attempt { state.written.append([]) }
            return (attempt, state.written.count - 1)
        }
        guard case .open(let frames, let closeReason) = attempt else {
            if attempt == nil { try await clock.sleep(until: LocalTime(micros: .max)) }  // out of script: hold until cancelled
            throw Unreachable()
        }
        let (stream, delivered) = AsyncStream<RoomTransportLink.Frame>.makeStream()
        let firstWrite = Mutex(true)
        let link = RoomTransportLink(frames: stream) { text in
            self.record(text, on: index)
            // The server answers the hello: its frames follow the client's first write.
            guard
                firstWrite.withLock({ first in
                    defer { first = false }; return first
                })
            else { return }
            for frame in frames { delivered.yield(RoomTransportLink.Frame(text: frame, receivedAt: clock.now())) }
            delivered.finish()
        }
        try await withTaskCancellationHandler {
            try await session(link)
        } onCancel: {
            delivered.finish()
        }
        return closeReason
    }
}
