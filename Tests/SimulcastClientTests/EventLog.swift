import SimulcastClient
import Synchronization

/// The events a `RoomConnection` handed its owner, in order.
final class EventLog: Sendable {
    private let events = Mutex<[RoomConnectionEvent]>([])

    func append(_ event: RoomConnectionEvent) { events.withLock { $0.append(event) } }

    var names: [String] {
        events.withLock { events in
            events.map { event in
                switch event {
                case .joined: "joined"
                case .clockSynchronised: "clockSynchronised"
                case .clockStepped: "clockStepped"
                case .roomState: "roomState"
                case .reaction: "reaction"
                case .serverError: "serverError"
                case .disconnected: "disconnected"
                }
            }
        }
    }

    var disconnectReasons: [String] {
        events.withLock { events in
            events.compactMap { if case .disconnected(let reason) = $0 { reason } else { nil } }
        }
    }
}
