/// What callgrind counted in one server process: joins, publishing and idle, each from zeroed
/// counters, with the wall time each phase took (for taking the idle rate out).
struct InstructionCount: Codable {
    var listenersPerRoom: Int
    var rooms: Int
    var statesPerRoom: Int
    var joins: Int
    var joinsSeconds: Double
    var publishing: Int
    var publishingSeconds: Double
    var idle: Int
    var idleSeconds: Double
    /// Publishing's instructions by part, largest first.
    var publishingShares: [Share]
    var publishingHeaviest: [Heavy]

    struct Share: Codable {
        var part: InstructionPart
        var instructions: Int
    }

    struct Heavy: Codable {
        var function: String
        var object: String
        var instructions: Int
    }

    var idlePerSecond: Double { Double(idle) / idleSeconds }
    /// The phases less what the server would have spent idle over the same time.
    var joinsLessIdle: Double { Double(joins) - idlePerSecond * joinsSeconds }
    var publishingLessIdle: Double { Double(publishing) - idlePerSecond * publishingSeconds }
    var deliveries: Int { listenersPerRoom * rooms * statesPerRoom }
}
