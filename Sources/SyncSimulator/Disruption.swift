/// Something that cuts connections during a simulated session; the sessions' own reconnect
/// code (`RoomConnection`'s `ConnectionDriver`) brings them back.
public struct Disruption: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The server dies and starts again on the same store: every connection is cut, and
        /// nobody can connect for `outageSeconds` (a crash: nothing is saved on the way down).
        case restart
        /// The first listener's network drops for `outageSeconds`; everyone else carries on.
        case drop
    }

    public var kind: Kind
    /// Seconds after the music starts; the outage is centred on the host's next change after it.
    public var atSeconds: Double
    public var outageSeconds: Double

    public init(kind: Kind, atSeconds: Double, outageSeconds: Double? = nil) {
        self.kind = kind
        self.atSeconds = atSeconds
        self.outageSeconds = outageSeconds ?? (kind == .restart ? 2 : 10)
    }

    func startsAt(musicStart: Int64) -> Int64 { musicStart + Int64(atSeconds * 1_000_000) }
}
