/// Instructions per delivery, per host message and per join, from two counts that differ only
/// in listeners per room: what grows with listeners is delivery (and join), what does not is
/// the host's message.
struct InstructionFigures: Codable {
    var perDelivery: Double
    var perHostMessage: Double
    /// The joins' instructions over the listeners who joined, in the larger room.
    var perJoin: Double
    /// The joins' extra instructions over the extra listeners between the two rooms.
    var perExtraJoin: Double
    /// The larger room's instructions a second with nothing happening (the server's own
    /// timers included: its sweeper, the HTTP date, presence's once-a-second look).
    var idlePerSecond: Double
    /// What each extra listener adds to an idle second: its connection's timers.
    var idlePerListenerSecond: Double

    init(small: InstructionCount, large: InstructionCount) throws {
        let extraListeners = Double((large.listenersPerRoom - small.listenersPerRoom) * large.rooms)
        guard extraListeners > 0, small.statesPerRoom == large.statesPerRoom, small.rooms == large.rooms else {
            throw BenchError("the two counts must differ only in listeners per room, the larger second")
        }
        let hostMessages = Double(small.rooms * small.statesPerRoom)
        perDelivery = (large.publishingLessIdle - small.publishingLessIdle) / (extraListeners * Double(small.statesPerRoom))
        perHostMessage = (small.publishingLessIdle - perDelivery * Double(small.deliveries)) / hostMessages
        perJoin = large.joinsLessIdle / Double(large.listenersPerRoom * large.rooms)
        perExtraJoin = (large.joinsLessIdle - small.joinsLessIdle) / extraListeners
        idlePerSecond = large.idlePerSecond
        idlePerListenerSecond = (large.idlePerSecond - small.idlePerSecond) / extraListeners
    }

    /// Each figure by name, in the order tables show them.
    var named: [(name: String, value: Double)] {
        [
            ("instructions per delivery", perDelivery), ("instructions per host message", perHostMessage),
            ("instructions per join (larger room)", perJoin), ("instructions per extra join", perExtraJoin),
            ("instructions a second, idle (larger room)", idlePerSecond),
            ("instructions a second, idle, per extra listener", idlePerListenerSecond),
        ]
    }
}
