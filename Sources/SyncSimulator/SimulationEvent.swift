/// Something due at an instant of the simulator's true time.
enum SimulationEvent: Sendable {
    /// A message arrives at the server from participant `from`.
    case toServer(from: Int, text: String)
    /// A message arrives at participant `to` from the server.
    case toParticipant(to: Int, text: String)
    /// Participant's clock ping number `index` of its connection is due.
    case ping(participant: Int, index: Int)
    /// A listener session's tick (it reads its player and follows).
    case listenerStep(participant: Int)
    case hostHeartbeat
    /// The host's script event number `index`.
    case script(index: Int)
    /// Sync error is sampled.
    case measure

    /// The participant that acts on this event (nil: the server or the simulator).
    var participant: Int? {
        switch self {
        case .toParticipant(let to, _): to
        case .ping(let participant, _), .listenerStep(let participant): participant
        case .toServer, .hostHeartbeat, .script, .measure: nil
        }
    }
}
