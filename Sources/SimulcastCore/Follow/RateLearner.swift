/// Learns how fast this player's audio runs against the room from how its error grows between
/// corrections (a least-squares slope over at least 30 s of steady playing), and where to aim
/// a start so the drift over the rest of the track is split evenly about zero.
struct RateLearner: Sendable {
    /// Errors measured since the player last landed.
    private var trail: [(serverTime: ServerTime, errorMs: Double)] = []
    /// In ms per second (0.05 = 50 ppm); kept across tracks.
    private(set) var msPerSecond: Double?

    mutating func record(_ errorMs: Double, at time: ServerTime) {
        trail.append((time, errorMs))
        if trail.count > 3_000 { trail.removeFirst(trail.count - 3_000) }
        guard let first = trail.first, first.serverTime.distance(to: time) >= 30_000_000, trail.count >= 20, trail.count % 10 == 0 else { return }
        let points = trail.map { (x: Double(first.serverTime.distance(to: $0.serverTime)) / 1_000_000, y: $0.errorMs) }
        guard let fit = LinearFit(points), let slope = fit.slope else { return }
        // Trust only a clean line (a plausible clock error, most of the variation explained):
        // on a jittery network, clock-sync noise would otherwise pass for drift.
        let total = points.reduce(0) { $0 + ($1.y - fit.meanY) * ($1.y - fit.meanY) }
        let explained = total > 0 ? slope * slope * fit.varianceX * Double(fit.count) / total : 0
        guard abs(slope) < 0.5, explained >= 0.8 else { return }
        msPerSecond = slope
    }

    /// The player moved (landed, or the host acted): the errors before say nothing of its rate now.
    mutating func restartTrail() { trail = [] }

    /// The device's clock stepped: the rate was measured on it.
    mutating func forget() {
        trail = []
        msPerSecond = nil
    }

    /// Where to aim a scheduled start: a player running fast by r starts r·T/2 behind, so over
    /// the T seconds left its error swings from -r·T/2 to +r·T/2 instead of 0 to r·T.
    func aimMs(durationMs: Int?, positionMs: Double) -> Double {
        guard let rate = msPerSecond, let durationMs else { return 0 }
        let remaining = max(0, Double(durationMs) - positionMs) / 1000
        // Aim at most 10 ms off: 50 ppm over a 6-minute track needs 9; more would be noise.
        let bound = 10.0
        return min(max(rate * remaining / 2, -bound), bound)
    }
}
