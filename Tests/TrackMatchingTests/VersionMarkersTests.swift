import SimulcastCore
import Testing
import TrackMatching

/// Version markers in every language and abbreviation stores use (issue 37, item 5), and the
/// rule that an instrumental is never its song: a source marked "(Inst.)" is matched to the
/// instrumental or to nothing, never to the vocal of the same length on the same album.
@Suite struct VersionMarkersTests {
    @Test(arguments: [
        ("Song (Inst.)", "instrumental"), ("Song (Instr.)", "instrumental"), ("Song (Instrumental)", "instrumental"),
        ("Song - Instrumental", "instrumental"), ("Song (Off Vocal)", "instrumental"), ("Song (Off Vocal Ver.)", "instrumental"),
        ("Song (MR)", "instrumental"), ("노래 (MR)", "instrumental"), ("歌 (伴奏)", "instrumental"), ("歌 (オフボーカル)", "instrumental"),
        ("Song (Karaoke)", "karaoke"), ("歌 (カラオケ)", "karaoke"), ("歌 (オリジナル・カラオケ)", "karaoke"),
        ("Song (Acapella)", "acapella"), ("Song (A cappella)", "acapella"), ("Song (A Capella Version)", "acapella"),
        ("Song (Sped Up)", "speed"), ("Song (Slowed + Reverb)", "speed"), ("Song (Nightcore)", "speed"), ("Song (8D Audio)", "remix(8d)"),
        ("Song (Acoustic Ver.)", "acoustic"), ("Song (Live ver.)", "live"), ("Song (Live Version)", "live"),
        ("Song (TV Size)", "radioEdit(tv size)"), ("歌 (TVサイズ)", "radioEdit(tv size)"),
        ("Song -Instrumental-", "instrumental"), ("歌 ～TV size ver.～", "radioEdit(tv size)"), ("歌 〜Off Vocal〜", "instrumental"),
        ("Song [Inst]", "instrumental"), ("Song (Karaoke Version)", "karaoke"), ("Song (Super Slowed)", "speed"),
        // Other languages' stores.
        ("Canción (En Vivo)", "live"), ("Canção (Ao Vivo)", "live"), ("Canción (En Directo)", "live"), ("Chanson (En Public)", "live"),
        ("Canción (Versión Instrumental)", "instrumental"), ("Chanson (Version Instrumentale)", "instrumental"),
        ("Canzone (Versione Strumentale)", "instrumental"), ("Lied (Instrumental Version)", "instrumental"), ("Canción (Instrumental)", "instrumental"),
        ("Canción (Versión Acústica)", "acoustic"), ("Canção (Acústico)", "acoustic"), ("Chanson (Version Acoustique)", "acoustic"),
        ("Canción (Karaoke)", "karaoke"), ("歌 (Live)", "live"), ("노래 (Live Ver.)", "live"), ("노래 (Inst.)", "instrumental"),
        ("歌 (アコースティック・バージョン)", "acoustic"), ("歌 (ライブ)", "live"), ("歌 (インストゥルメンタル)", "instrumental"),
        ("Песня (Live)", "live"), ("Песня (Инструментал)", "instrumental"),
    ])
    func markers(title: String, tag: String) {
        #expect(TitleParser.parse(title).tags.map(\.description) == [tag], "\(title)")
    }

    /// Words that only look like markers, in a song's own name.
    @Test(arguments: ["Mr. Brightside", "Instant Crush", "Live and Let Die", "Slowly", "Karaoke Queen", "Re: Stacks", "Ex-Factor"])
    func namesAreNotMarkers(title: String) {
        #expect(TitleParser.parse(title).tags.isEmpty, "\(title)")
    }

    static func track(_ title: String, id: String, service: MusicService = .spotify) -> TrackMetadata {
        TrackMetadata(service: service, id: id, title: title, artists: ["IU"], album: "Palette", durationMs: 217_000)
    }

    @Test func anInstrumentalIsMatchedToTheInstrumentalOrToNothing() {
        let source = Self.track("Palette (Inst.)", id: "source", service: .appleMusic)
        let vocal = Self.track("Palette", id: "vocal")
        let instrumental = Self.track("Palette (Instrumental)", id: "instrumental")
        let both = CandidatePicker().pick(source, from: [vocal, instrumental])
        #expect(both.status == .matched)
        #expect(both.track?.id == "instrumental")
        // The vocal alone, on the same album at the same length: no match, never the vocal.
        let vocalOnly = CandidatePicker().pick(source, from: [vocal])
        #expect(vocalOnly.track?.id != "vocal")
        #expect(vocalOnly.status != .matched)
        // And the other way round: a song is never matched to its instrumental.
        let song = Self.track("Palette", id: "song", service: .appleMusic)
        for marked in ["Palette (Off Vocal)", "Palette (MR)", "Palette (カラオケ)", "Palette (Acapella)"] {
            let result = CandidatePicker().pick(song, from: [Self.track(marked, id: "marked")])
            #expect(result.status != .matched, "\(marked)")
        }
    }
}
