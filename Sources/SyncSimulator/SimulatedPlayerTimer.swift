import SimulcastClient
import SimulcastCore
import Synchronization

/// A player driver's timer in virtual time: each action becomes an event on the simulator's
/// agenda, run by its loop when due (`SimulationEvent.timer`).
final class SimulatedPlayerTimer: PlayerTimer {
    private struct State {
        var next = 0
        var actions: [Int: @Sendable () async -> Void] = [:]
    }

    let network: SimulatedNetwork
    private let state = Mutex(State())

    init(network: SimulatedNetwork) { self.network = network }

    func run(after delay: Duration, _ action: @escaping @Sendable () async -> Void) {
        let id = state.withLock { state in
            state.next += 1
            state.actions[state.next] = action
            return state.next
        }
        network.schedule(.timer(id: id), at: network.clock.micros + delay.inMicroseconds)
    }

    /// The action of timer `id`, once.
    func take(_ id: Int) -> (@Sendable () async -> Void)? {
        state.withLock { $0.actions.removeValue(forKey: id) }
    }
}
