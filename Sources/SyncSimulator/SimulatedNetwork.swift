import SimulcastCore
import Synchronization

/// The simulator's agenda and its network. Messages take the scenario's delay ± jitter; a
/// lost one costs a TCP retransmission (200 ms plus a delay), not the message; each direction
/// of a connection delivers in order, as a WebSocket does.
final class SimulatedNetwork: Sendable {
    private struct State {
        var queue = EventHeap()
        /// One generator per link, so a link's delays do not depend on the order in which the
        /// server happens to write to its connections (dictionary order varies by process).
        var random: [Int: SeededGenerator] = [:]
        /// Last delivery time per link (participant, towards the server?), for in-order delivery.
        var lastDelivery: [Int: Int64] = [:]
    }

    private let state: Mutex<State>
    private let scenario: SyncScenario
    let clock: VirtualClock

    init(scenario: SyncScenario, clock: VirtualClock) {
        self.scenario = scenario
        self.clock = clock
        state = Mutex(State())
    }

    func schedule(_ event: SimulationEvent, at time: Int64) {
        state.withLock { $0.queue.push(time, event) }
    }

    /// The next event, and its time.
    func next() -> (time: Int64, event: SimulationEvent)? {
        state.withLock { $0.queue.pop() }
    }

    func toServer(from participant: Int, connection: Int, _ text: String) {
        send(.toServer(from: participant, connection: connection, text: text), link: participant * 2)
    }

    func toParticipant(_ participant: Int, connection: Int, _ text: String) {
        send(.toParticipant(to: participant, connection: connection, text: text), link: participant * 2 + 1)
    }

    private func send(_ event: SimulationEvent, link: Int) {
        let now = clock.micros
        let seed = scenario.seed
        state.withLock { state in
            var random = state.random[link] ?? SeededGenerator(seed: seed &* 0x9E37_79B9 &+ UInt64(link))
            var delayMs = max(0.1, scenario.delayMs + scenario.jitterMs * Double.random(in: -1...1, using: &random))
            if Double.random(in: 0..<1, using: &random) < scenario.loss { delayMs += 200 + scenario.delayMs }
            state.random[link] = random
            let at = max(now + Int64(delayMs * 1000), state.lastDelivery[link] ?? 0)
            state.lastDelivery[link] = at
            state.queue.push(at, event)
        }
    }
}
