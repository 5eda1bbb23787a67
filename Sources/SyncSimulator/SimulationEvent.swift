/// Something due at an instant of the simulator's true time.
enum SimulationEvent: Sendable {
    /// A message arrives at the server from participant `from`, sent on its connection number `connection`.
    case toServer(from: Int, connection: Int, text: String)
    /// A message arrives at participant `to` from the server, on its connection number `connection`.
    case toParticipant(to: Int, connection: Int, text: String)
    /// A clock ping of the participant's connection number `connection` is due.
    case ping(participant: Int, connection: Int)
    /// The participant connects (again, after its backoff).
    case connect(participant: Int)
    /// A listener session's tick (it reads its player and follows).
    case listenerStep(participant: Int)
    case hostHeartbeat
    /// The host's script event number `index`.
    case script(index: Int)
    /// Sync error is sampled.
    case measure
    /// The scenario's disruption begins (`Disruption`).
    case disruption
    /// A player driver's timer (`SimulatedPlayerTimer`) is due.
    case timer(id: Int)

    /// The participant that acts on this event (nil: the server or the simulator).
    var participant: Int? {
        switch self {
        case .toParticipant(let to, _, _): to
        case .ping(let participant, _), .listenerStep(let participant), .connect(let participant): participant
        case .toServer, .hostHeartbeat, .script, .measure, .disruption, .timer: nil
        }
    }
}
