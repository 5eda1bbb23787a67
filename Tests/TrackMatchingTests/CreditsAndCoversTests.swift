import SimulcastCore
import Testing
import TrackMatching

/// Issue 15's rules as tables: an artist that cannot be compared must be made up for by
/// other evidence; credits and cover markers name recordings.
@Suite struct CreditsAndCoversTests {
    static func track(
        _ id: String, _ title: String, _ artists: [String], album: String? = nil, ms: Int? = nil, isrc: String? = nil, service: MusicService = .appleMusic
    ) -> TrackMetadata {
        TrackMetadata(service: service, id: id, title: title, artists: artists, album: album, durationMs: ms, isrc: isrc)
    }

    static let letItGo = track("src", "Let It Go", ["Idina Menzel"], album: "Frozen (Original Motion Picture Soundtrack)", ms: 223_840, service: .spotify)

    @Test(arguments: [
        // Another script, another album: a cover until proven otherwise.
        (track("c", "Let It Go", ["효린"], album: "겨울왕국 OST", ms: 224_000), false),
        // No artist at all, no album: the same.
        (track("c", "Let It Go", [], ms: 223_900), false),
        // Another script, but the same album at the same length.
        (track("c", "Let It Go", ["イディナ・メンゼル"], album: "Frozen (Original Motion Picture Soundtrack)", ms: 223_840), true),
        // Another script, and the same ISRC.
        (track("c", "Let It Go", ["イディナ・メンゼル"], isrc: "USWD11366374"), true),
    ])
    func anArtistThatCannotBeComparedMustBeMadeUpFor(candidate: TrackMetadata, accepted: Bool) {
        var source = Self.letItGo
        source.isrc = "USWD11366374"
        #expect(CandidatePicker().assess(candidate, against: source).accepted == accepted)
    }

    @Test func aSourceWithoutArtistsStillMatchesOnTheTitle() {
        let source = Self.track("src", "Zwei Seelen", [], service: .spotify)
        #expect(CandidatePicker().assess(Self.track("c", "Zwei Seelen", []), against: source).accepted)
    }

    @Test(arguments: [
        "Let It Go (Originally Performed by Idina Menzel) [Karaoke]",
        "Let It Go (In the Style of Idina Menzel)",
        "Let It Go (Made Famous by Idina Menzel)",
        "Let It Go (Tribute to Frozen)",
        "Let It Go - Cover",
    ])
    func coverMarkersInTitlesChangeIdentity(title: String) {
        #expect(!CandidatePicker().assess(Self.track("c", title, ["Idina Menzel"]), against: Self.letItGo).accepted, "\(title)")
    }

    @Test(arguments: [
        Self.track("c", "Let It Go", ["Idina Menzel Tribute Band"], ms: 223_840),
        Self.track("c", "Let It Go", ["Idina Menzel"], album: "Disney Karaoke Series: Frozen", ms: 223_840),
    ])
    func coverMarkersInCreditsAndAlbumsChangeIdentity(candidate: TrackMetadata) {
        #expect(!CandidatePicker().assess(candidate, against: Self.letItGo).accepted)
    }

    static let levitating = track("plain", "Levitating", ["Dua Lipa"], album: "Future Nostalgia", ms: 203_064)
    static let levitatingFeat = track("feat", "Levitating (feat. DaBaby)", ["Dua Lipa"], album: "Future Nostalgia", ms: 203_807)

    @Test(arguments: [
        // The source names no featured artist: the plain version, whichever comes first.
        (track("s", "Levitating", ["Dua Lipa"], service: .spotify), [levitatingFeat, levitating], "plain" as String?),
        // The source names DaBaby, in its artists or its title: the featured one.
        (track("s", "Levitating", ["Dua Lipa", "DaBaby"], service: .spotify), [levitating, levitatingFeat], "feat"),
        (track("s", "Levitating (feat. DaBaby)", ["Dua Lipa"], service: .spotify), [levitating, levitatingFeat], "feat"),
        (track("s", "Levitating (with DaBaby)", ["Dua Lipa"], service: .spotify), [levitating, levitatingFeat], "feat"),
        // It names someone neither candidate credits: nothing tells them apart, abstain.
        (track("s", "Levitating", ["Dua Lipa", "Madonna", "Missy Elliott"], service: .spotify), [levitating, levitatingFeat], nil),
        // Only the featured version is on offer and the source names nobody: it is taken
        // (one store may leave a guest out of the credit).
        (track("s", "Levitating", ["Dua Lipa"], service: .spotify), [levitatingFeat], "feat"),
    ])
    func creditsNameVersions(source: TrackMetadata, candidates: [TrackMetadata], expected: String?) {
        let result = CandidatePicker().pick(source, from: candidates)
        #expect(result.track?.id == expected, "\(result.reasons)")
    }
}
