import Testing

@testable import SimulcastCore

/// The latency model: what a landing teaches, the lead of a scheduled start, the threshold.
@Suite struct PlayerLatencyModelTests {
    static let t0 = ServerTime(micros: 1_700_000_000_000_000)
    static func at(_ ms: Double) -> ServerTime { t0.advanced(byMilliseconds: ms) }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: PendingLanding.Kind
        var scheduledMs: Double?
        var landedMs: Double
        var start: [Double]
        var seek: [Double]
        var schedule: [Double]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a plain start teaches the start latency", kind: .start, scheduledMs: nil, landedMs: 240, start: [240], seek: [], schedule: []),
        Case(name: "a plain seek teaches the seek latency", kind: .seek, scheduledMs: nil, landedMs: 90, start: [], seek: [90], schedule: []),
        Case(name: "on time is precision", kind: .start, scheduledMs: 600, landedMs: 604, start: [], seek: [], schedule: [4]),
        Case(name: "early is precision too", kind: .seek, scheduledMs: 600, landedMs: 590, start: [], seek: [], schedule: [-10]),
        Case(name: "at the margin is still precision", kind: .start, scheduledMs: 600, landedMs: 660, start: [], seek: [], schedule: [60]),
        Case(name: "past the margin preparing overran: a latency", kind: .start, scheduledMs: 600, landedMs: 700, start: [700], seek: [], schedule: []),
    ]

    @Test(arguments: cases) func aLandingTeaches(_ c: Case) {
        var model = PlayerLatencyModel(defaultStartMs: 300, defaultSeekMs: 100, scheduleMarginMs: 60)
        let pending = PendingLanding(kind: c.kind, trackId: "t", positionMs: 0, issuedAt: Self.t0, scheduledAt: c.scheduledMs.map(Self.at))
        model.learn(from: pending, landed: Self.at(c.landedMs))
        #expect(model.start.samplesMs == c.start)
        #expect(model.seek.samplesMs == c.seek)
        #expect(model.scheduleError.samplesMs == c.schedule)
    }

    @Test func theLeadIsTheSlowestPreparationPlusTheMargin() {
        var model = PlayerLatencyModel(defaultStartMs: 300, defaultSeekMs: 100, scheduleMarginMs: 60)
        #expect(model.scheduleLeadMs(.start) == 660)  // twice the default before any sample
        #expect(model.scheduleLeadMs(.seek) == 260)
        for landed in [400.0, 900, 500] {
            model.learn(from: PendingLanding(kind: .start, trackId: "t", positionMs: 0, issuedAt: Self.t0), landed: Self.at(landed))
        }
        #expect(model.scheduleLeadMs(.start) == 960)
    }

    @Test func theThresholdIsNeverBelowWhatACorrectionCanAchieve() {
        var model = PlayerLatencyModel(defaultStartMs: 300, defaultSeekMs: 100, scheduleMarginMs: 60)
        #expect(model.thresholdMs(configuredMs: 35, scheduled: false) == 35)
        for landed in [80.0, 160] { model.learn(from: PendingLanding(kind: .seek, trackId: "t", positionMs: 0, issuedAt: Self.t0), landed: Self.at(landed)) }
        #expect(model.thresholdMs(configuredMs: 35, scheduled: false) == 50)  // spread 40 + 10
        #expect(model.thresholdMs(configuredMs: 35, scheduled: true) == 35)
        model.learn(from: PendingLanding(kind: .seek, trackId: "t", positionMs: 0, issuedAt: Self.t0, scheduledAt: Self.at(100)), landed: Self.at(70))
        #expect(model.thresholdMs(configuredMs: 35, scheduled: true) == 40)  // |−30| + 10
        model.forget()
        #expect(model.thresholdMs(configuredMs: 35, scheduled: false) == 35)
        #expect(model.start.samplesMs.isEmpty && model.scheduleError.samplesMs.isEmpty)
    }
}
