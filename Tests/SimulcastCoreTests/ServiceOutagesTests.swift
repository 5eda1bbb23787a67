import SimulcastCore
import Testing

@Suite struct ServiceOutagesTests {
    /// One service's answers and probe requests in order: (seconds, event, expected).
    enum Step: Sendable, CustomStringConvertible {
        case answer(unavailable: Bool, endsOutage: Bool)
        case probe(allowed: Bool)
        var description: String {
            switch self {
            case .answer(let unavailable, let ends): "answer unavailable=\(unavailable) ends=\(ends)"
            case .probe(let allowed): "probe allowed=\(allowed)"
            }
        }
    }

    static let cases: [(name: String, steps: [(Double, Step)])] = [
        ("a healthy service needs no probe and ends no outage", [(0, .probe(allowed: false)), (1, .answer(unavailable: false, endsOutage: false))]),
        (
            "down: one probe per 20 s, counted from the last lookup",
            [
                (0, .answer(unavailable: true, endsOutage: false)), (5, .probe(allowed: false)), (19.9, .probe(allowed: false)),
                (20, .probe(allowed: true)), (21, .probe(allowed: false)), (39.9, .probe(allowed: false)), (40, .probe(allowed: true)),
            ]
        ),
        (
            "a scheduled retry that fails again pushes the next probe back",
            [
                (0, .answer(unavailable: true, endsOutage: false)), (15, .answer(unavailable: true, endsOutage: false)), (20, .probe(allowed: false)),
                (35, .probe(allowed: true)),
            ]
        ),
        (
            "the first answer after an outage ends it, once",
            [
                (0, .answer(unavailable: true, endsOutage: false)), (20, .probe(allowed: true)), (21, .answer(unavailable: false, endsOutage: true)),
                (22, .answer(unavailable: false, endsOutage: false)), (60, .probe(allowed: false)),
            ]
        ),
    ]

    @Test(arguments: cases.indices)
    func followsTheTable(_ index: Int) {
        var outages = ServiceOutages()
        let start = ServerTime(micros: 1_000_000_000)
        for (seconds, step) in Self.cases[index].steps {
            let now = start.advanced(byMilliseconds: seconds * 1000)
            switch step {
            case .answer(let unavailable, let ends):
                let ended = outages.answered(.deezer, unavailable: unavailable, at: now)
                #expect(ended == ends, "\(Self.cases[index].name) at \(seconds) s: \(step)")
            case .probe(let allowed):
                let probed = outages.mayProbe(.deezer, at: now)
                #expect(probed == allowed, "\(Self.cases[index].name) at \(seconds) s: \(step)")
            }
        }
    }

    @Test func servicesAreApart() {
        var outages = ServiceOutages()
        let now = ServerTime(micros: 0)
        _ = outages.answered(.deezer, unavailable: true, at: now)
        #expect(outages.isDown(.deezer))
        #expect(!outages.isDown(.spotify))
        let endedSpotify = outages.answered(.spotify, unavailable: false, at: now)
        #expect(!endedSpotify)
        #expect(outages.isDown(.deezer))
    }
}
