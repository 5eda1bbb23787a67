import SimulcastCore
import Testing
import TrackMatching

@Suite struct TitleParserTests {
    /// Title -> (base key, tags, featured names).
    @Test(arguments: [
        ("A Horse with No Name - 2006 Remastered Version", "a horse with no name", ["remaster"], [String]()),
        ("Bohemian Rhapsody - Remastered 2011", "bohemian rhapsody", ["remaster"], []),
        ("Kryptonite (2000 Remaster)", "kryptonite", ["remaster"], []),
        ("Miracle (Extended)", "miracle", ["extended"], []),
        ("The Night (Extended Mix)", "the night", ["extended"], []),
        ("Promises (OFFAIAH Remix)", "promises", ["remix(offaiah)"], []),
        ("Raml - Billy Esteban Remix", "raml", ["remix(billy esteban)"], []),
        ("7 Sünden - Party Mix", "7 sunden", ["remix(party)"], []),
        ("Bad Blood (Taylor's Version)", "bad blood", ["rerecording"], []),
        ("Herr Dokter (Karaoke Version)", "herr dokter", ["karaoke"], []),
        ("Take Me Home, Country Roads (Instrumental)", "take me home country roads", ["instrumental"], []),
        ("For Whom The Bell Tolls (Live)", "for whom the bell tolls", ["live"], []),
        ("Champagne Supernova (OurVinyl Sessions)", "champagne supernova", ["live(ourvinyl sessions)"], []),
        ("Stand Strong (Q-BASE 2017 Hangar OST)", "stand strong", ["soundtrack"], []),
        ("Zwei Seelen (aus \"Die Schöne und das Biest\" deutscher Film-Soundtrack)", "zwei seelen", ["soundtrack"], []),
        ("Let It Go (Motion Picture Version)", "let it go", ["otherVersion(motion picture version)"], []),
        ("Wir sagen danke schön - DAS ORIGINAL", "wir sagen danke schon", ["original"], []),
        ("Bad Blood (feat. Kendrick Lamar)", "bad blood", [], ["Kendrick Lamar"]),
        ("Down (feat. Lil Wayne)", "down", [], ["Lil Wayne"]),
        ("Chleje Wude Z Moim Cotem (mit Pikers, Jevns, Mvzr & DJ Luter One)", "chleje wude z moim cotem", [], ["Pikers", "Jevns", "Mvzr", "DJ Luter One"]),
        ("On My Way (Slowed Remix)", "on my way", ["speed"], []),
        ("Lemon (Video)", "lemon", ["otherVersion(video)"], []),
        ("Llamando a la tierra (Serenade From the Stars)", "llamando a la tierra", ["unknown(serenade from the stars)"], []),
    ])
    func parses(title: String, base: String, tags: [String], featured: [String]) {
        let parsed = TitleParser.parse(title)
        #expect(parsed.baseKey == base)
        #expect(parsed.tags.map(\.description) == tags)
        #expect(parsed.featured == featured)
    }

    @Test(arguments: [
        ("Hayloft II", Set(["2"])), ("Hayloft", Set<String>()), ("Bohemian Rhapsody Pt. 2", Set(["2"])), ("I Left My Heart in San Francisco", Set<String>()),
        ("7 Sünden", Set(["7"])),
    ])
    func numbersTellSongsApart(title: String, numbers: Set<String>) {
        #expect(TitleParser.parse(title).numbers == numbers)
    }

    @Test func censoredWordsMeanTheCleanEdit() {
        #expect(TitleParser.parse("B*tch Better Have My Money").censored)
        #expect(!TitleParser.parse("C'est La Vie").censored)
    }
}

@Suite struct TextNormalizerTests {
    @Test(arguments: [
        ("İstanbul", "istanbul"),
        ("少女Ｓ", TextNormalizer.key("少女S")),
        ("Simon & Garfunkel", "simon and garfunkel"),
        ("I'll Be There", "ill be there"),
        ("Beyoncé", "beyonce"),
        ("Алёна Ланская", "alena lanskaya"),  // Russian-Latin/BGN, as Apple spells it
        ("Чумачечая весна", "chumachechaya vesna"),
    ])
    func keys(text: String, key: String) {
        #expect(TextNormalizer.key(text) == key)
    }

    @Test func articlesAndSpellingTolerance() {
        #expect(TextNormalizer.nameKey("The Jackson 5") == TextNormalizer.nameKey("Jackson 5"))
        #expect(TextNormalizer.fuzzyKey("Alyona Lanskaya") == TextNormalizer.fuzzyKey("Alena Lanskaya"))
        #expect(TextNormalizer.fuzzyKey("Alyona Lanskaya") != TextNormalizer.fuzzyKey("Alan Walker"))
        #expect(ArtistNames.same("Alyona Lanskaya", "Alena Lanskaya"))
        #expect(ArtistNames.same("Zatox", "Zatox"))
        #expect(ArtistNames.split("Tatanka, Zatox & Wild Motherfuckers") == ["Tatanka", "Zatox", "Wild Motherfuckers"])
    }
}

@Suite struct CandidatePickerTests {
    let picker = CandidatePicker()

    /// Real records (curated cases): Spotify's remaster suffix against iTunes' plain title.
    @Test func remasterSuffixAgainstPlainTitle() {
        let source = TrackMetadata(
            service: .spotify, id: "4u7EnebtmKWzUH433cf5Qv", title: "Bohemian Rhapsody - Remastered 2011", artists: ["Queen"],
            album: "A Night At The Opera (2011 Remaster)", durationMs: 354_320, isrc: "GBUM71029604")
        let plain = TrackMetadata(
            service: .appleMusic, id: "1441458081", title: "Bohemian Rhapsody", artists: ["Queen"], album: "A Night at the Opera (Deluxe Edition)",
            durationMs: 354_320, trackNumber: 11, discNumber: 1)
        let live = TrackMetadata(
            service: .appleMusic, id: "live", title: "Bohemian Rhapsody (Live at Wembley)", artists: ["Queen"], album: "Live at Wembley '86",
            durationMs: 354_000)
        let result = picker.pick(source, from: [live, plain])
        #expect(result.track?.id == "1441458081")
        #expect(result.reasons.contains("same album"))
    }

    /// Mi Gente: the same ISRC 4.4 s apart is the same recording; without the ISRC, 4.4 s lowers confidence.
    @Test func sameISRCOverridesTheDurationGate() {
        let source = TrackMetadata(
            service: .spotify, id: "2rb5MvYT7ZIxbKW5hfcHx8", title: "Mi Gente", artists: ["J Balvin", "Willy William"], album: "Mi Gente", durationMs: 189_440,
            isrc: "FR22F1701790")
        let apple = TrackMetadata(
            service: .appleMusic, id: "1368816792", title: "Mi Gente", artists: ["J Balvin & Willy William"], album: "Vibras", durationMs: 185_054,
            isrc: "FR22F1701790")
        let withISRC = picker.pick(source, from: [apple])
        #expect(withISRC.method == MatchMethod(.simulcast, .isrc))
        #expect((withISRC.confidence ?? 0) >= 0.95)
        var noISRC = apple
        noISRC.isrc = nil
        let withoutISRC = picker.pick(source, from: [noISRC])
        #expect(withoutISRC.isMatched)
        #expect((withoutISRC.confidence ?? 1) < (withISRC.confidence ?? 0))
    }

    @Test func durationsFarApartAreAnotherRecording() {
        let source = TrackMetadata(service: .spotify, id: "s", title: "Song", artists: ["Artist"], durationMs: 200_000)
        let far = TrackMetadata(service: .appleMusic, id: "far", title: "Song", artists: ["Artist"], durationMs: 208_500)
        let result = picker.pick(source, from: [far])
        #expect(!result.isMatched)
        #expect(result.reasons.first?.contains("duration 8 s apart") == true)
    }

    /// Missing duration, album and ISRC lower the confidence; they do not break the decision.
    @Test func missingFieldsLowerConfidence() {
        let full = TrackMetadata(service: .spotify, id: "s", title: "Teach Me Tonight", artists: ["Dinah Washington"], album: "Dinah Jams", durationMs: 180_000)
        let candidate = TrackMetadata(
            service: .appleMusic, id: "c", title: "Teach Me Tonight", artists: ["Dinah Washington"], album: "Dinah Jams", durationMs: 180_400)
        // Artists on neither side (a source that names artists needs them confirmed, issue 15:
        // see CreditsAndCoversTests).
        let sparse = TrackMetadata(service: .spotify, id: "s", title: "Teach Me Tonight", artists: [])
        let sparseCandidate = TrackMetadata(service: .appleMusic, id: "c", title: "Teach Me Tonight", artists: [])
        let confident = picker.pick(full, from: [candidate])
        let unsure = picker.pick(sparse, from: [sparseCandidate])
        #expect(confident.isMatched && unsure.isMatched)
        #expect((unsure.confidence ?? 1) < (confident.confidence ?? 0) - 0.2)
    }

    @Test func twoDifferentRecordingsWithNothingToChooseAreAmbiguous() {
        let source = TrackMetadata(service: .spotify, id: "s", title: "Rake It Up", artists: ["Yo Gotti"])
        let a = TrackMetadata(service: .appleMusic, id: "a", title: "Rake It Up (feat. Nicki Minaj)", artists: ["Yo Gotti"], durationMs: 276_333)
        let b = TrackMetadata(service: .appleMusic, id: "b", title: "Rake It Up (feat. Nicki Minaj)", artists: ["Yo Gotti"], durationMs: 300_883)
        let result = picker.pick(source, from: [a, b])
        #expect(result.status == .ambiguous)
        #expect(result.reasons.first?.hasPrefix("no clear winner") == true)
    }
}
