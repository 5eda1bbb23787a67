import SimulcastCore

/// How the Simulcast listeners came through a disruption: measured on the samples from its
/// start to 60 s after, while the host plays and not in the 3 s after one of its changes (so
/// what is left is the disruption's doing).
public struct DisruptionReport: Encodable, Sendable {
    public struct Listener: Encodable, Sendable {
        public var participant: Int
        public var maxErrorMs = 0.0
        /// Samples more than 50 ms off.
        public var samplesOver50Ms = 0
        public var samples = 0
        /// From the disruption's start to the sample after the last one more than 50 ms off
        /// (0: never out of sync), ms.
        public var backInSyncAfterMs = 0.0
        /// Connections it made in the window (its reconnects).
        public var reconnects = 0
    }

    public var kind: String
    public var atSeconds: Double
    public var outageSeconds: Double
    public var listeners: [Listener] = []

    static let windowMicros: Int64 = 60_000_000

    mutating func countReconnect(_ participant: Int) {
        guard let index = listeners.firstIndex(where: { $0.participant == participant }) else { return }
        listeners[index].reconnects += 1
    }

    mutating func record(_ error: Double, participant: Int, since start: Int64) {
        guard let index = listeners.firstIndex(where: { $0.participant == participant }) else { return }
        let magnitude = abs(error)
        listeners[index].samples += 1
        listeners[index].maxErrorMs = max(listeners[index].maxErrorMs, (magnitude * 10).rounded() / 10)
        if magnitude > InSync.thresholdMs {
            listeners[index].samplesOver50Ms += 1
            listeners[index].backInSyncAfterMs = Double(start + SessionSimulation.measureInterval) / 1000
        }
    }
}
