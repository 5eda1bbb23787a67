extension RoomHub {
    public struct Expiry: Hashable, Sendable {
        /// A room with no host and no listener for this long is deleted with its state.
        public var roomIdle: Duration
        /// How often idle rooms are unloaded and expired ones deleted.
        public var sweepInterval: Duration
        /// A loaded room with nobody connected is dropped from memory after this long.
        public var unloadAfter: Duration
        /// A node that has not renewed its heartbeat for this long is dead: its hosts' claims are released.
        public var nodeLease: Duration
        /// How often this node renews its heartbeat and looks for dead nodes' claims.
        public var heartbeatInterval: Duration

        public init(
            roomIdle: Duration = .seconds(7 * 86_400), sweepInterval: Duration = .seconds(60), unloadAfter: Duration = .seconds(30),
            nodeLease: Duration = .seconds(5),
            heartbeatInterval: Duration = .seconds(1)
        ) {
            self.roomIdle = roomIdle
            self.sweepInterval = sweepInterval
            self.unloadAfter = unloadAfter
            self.nodeLease = nodeLease
            self.heartbeatInterval = heartbeatInterval
        }
    }
}
