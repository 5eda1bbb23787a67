import SimulcastCore
import Testing
import TrackMatching

/// A version named by one store and left out by the other is the same recording only with
/// strong corroboration: the same album (which names no version itself) and lengths within
/// a second. Cases from the iTunes-Amazon data and variations that must still be refused.
@Suite struct VersionLabellingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: TrackMetadata
        var candidate: TrackMetadata
        var accepted: Bool
        var reason: String
        var testDescription: String { name }
    }

    static func track(_ title: String, album: String?, seconds: Int?, service: String = "itunes") -> TrackMetadata {
        TrackMetadata(
            service: MusicService(rawValue: service), id: "\(service)-\(title)-\(seconds ?? 0)", title: title, artists: ["Skrillex & Diplo"], album: album,
            durationMs: seconds.map { $0 * 1000 })
    }

    static let amazon = track("Take Ü There (feat. Kiesza)", album: "Skrillex and Diplo present Jack Ü [Explicit]", seconds: 210, service: "amazon-music")

    static let cases: [Case] = [
        Case(
            name: "Amazon leaves out the remix that iTunes names, same album and length",
            source: amazon,
            candidate: track("Take Ü There (feat. Kiesza) [Missy Elliott Remix] [Bonus Track]", album: "Skrillex and Diplo Present Jack Ü", seconds: 210),
            accepted: true, reason: "named on one side only"),
        Case(
            name: "the same, but the album's name mangled by one store",
            source: amazon,
            candidate: track("Take '`` There (feat. Kiesza) [Missy Elliott Remix] [Bonus Track]", album: "Skrillex and Diplo Present Jack '``", seconds: 210),
            accepted: true, reason: "named on one side only"),
        Case(
            name: "five seconds apart: another mix",
            source: amazon, candidate: track("Take Ü There (feat. Kiesza) [Missy Elliott Remix]", album: "Skrillex and Diplo Present Jack Ü", seconds: 215),
            accepted: false, reason: "another version"),
        Case(
            name: "a remix EP holds several versions: its name proves nothing",
            source: track("Take Ü There (feat. Kiesza)", album: "Take Ü There (Remixes) - EP", seconds: 262, service: "amazon-music"),
            candidate: track("Take Ü There (feat. Kiesza) [Felix Cartal Remix]", album: "Take Ü There (Remixes) - EP", seconds: 262),
            accepted: false, reason: "another version"),
        Case(
            name: "no album to corroborate",
            source: track("Take Ü There (feat. Kiesza)", album: nil, seconds: 210, service: "amazon-music"),
            candidate: track("Take Ü There (feat. Kiesza) [Missy Elliott Remix]", album: nil, seconds: 210),
            accepted: false, reason: "another version"),
        Case(
            name: "another album",
            source: amazon, candidate: track("Take Ü There (feat. Kiesza) [Missy Elliott Remix]", album: "Take Ü There (Remixes)", seconds: 210),
            accepted: false, reason: "another version"),
        Case(
            name: "both name a remix, by different remixers (a label error in the data set)",
            source: track("Stars Come Out (Dillon Francis Remix)", album: "Stars Come Out [Dillon Francis Remix]", seconds: 248, service: "amazon-music"),
            candidate: track("Stars Come Out (Tim Mason Remix)", album: "Stars Come Out (Remixes) - EP", seconds: 349),
            accepted: false, reason: "another version"),
    ]

    @Test(arguments: cases)
    func decides(_ test: Case) {
        let assessment = CandidatePicker().assess(test.candidate, against: test.source)
        #expect(assessment.accepted == test.accepted)
        let said = (assessment.rejection.map { [$0] } ?? []) + assessment.notes
        #expect(said.contains { $0.contains(test.reason) }, "said: \(said)")
        // The pair decision shares the gate: what the picker refuses, pairs refuse too.
        if !test.accepted { #expect(!PairFeatures.decide(test.source, test.candidate)) }
    }
}

extension VersionLabellingTests {
    /// Where the original is on offer too, the remix of the same length on the same album
    /// does not compete with it: the exception is only a fallback.
    @Test func theOriginalWinsWhenItIsOnOffer() {
        let original = Self.track("Take Ü There (feat. Kiesza)", album: "Skrillex and Diplo Present Jack Ü", seconds: 210)
        let remix = Self.track("Take Ü There (feat. Kiesza) [Missy Elliott Remix]", album: "Skrillex and Diplo Present Jack Ü", seconds: 210)
        let result = CandidatePicker().pick(Self.amazon, from: [remix, original])
        #expect(result.status == .matched)
        #expect(result.track?.id == original.id)
        // Alone, the remix is taken, with the reason said.
        let fallback = CandidatePicker().pick(Self.amazon, from: [remix])
        #expect(fallback.track?.id == remix.id)
        #expect(fallback.reasons.contains { $0.contains("named on one side only") })
    }
}
