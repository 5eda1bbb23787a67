import SimulcastCore

/// Small, hand-written tracks for tests (a user's checkout has no shared data set).
public enum Fixtures {
    public static let cestLaVie = TrackMetadata(
        service: .spotify, id: "sp-cest", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_000)
    public static let sheLooksSoPerfect = TrackMetadata(
        service: .spotify, id: "sp-slsp", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer", durationMs: 202_000)
    public static let solayoh = TrackMetadata(
        service: .spotify, id: "sp-sol", title: "Solayoh", artists: ["Alyona Lanskaya"], album: "Solayoh", durationMs: 180_000)

    /// An explicit song with a clean edit on Apple Music (both named alike, as Apple names them).
    public static let loudWords = TrackMetadata(
        service: .spotify, id: "sp-loud", title: "Loud Words", artists: ["The Fixtures"], album: "Loud Words", durationMs: 185_000, explicit: true)
    public static let appleLoudWords = TrackMetadata(
        service: .appleMusic, id: "am-loud", title: "Loud Words", artists: ["The Fixtures"], album: "Loud Words", durationMs: 185_040, explicit: true)
    public static let appleLoudWordsClean = TrackMetadata(
        service: .appleMusic, id: "am-loud-clean", title: "Loud Words", artists: ["The Fixtures"], album: "Loud Words", durationMs: 185_040, explicit: false)

    /// Eight more songs on Spotify and Apple Music alike, for an evening of ten songs.
    public static let setlist: [(spotify: TrackMetadata, apple: TrackMetadata)] = [
        "Amber Road", "Blue Harbour", "Cedar Lights", "Dune Walk", "Ember Sky", "Fern Hollow", "Glass River", "Hazel Night",
    ].enumerated().map { index, title in
        let duration = 180_000 + index * 7_000
        return (
            TrackMetadata(service: .spotify, id: "sp-set-\(index + 1)", title: title, artists: ["Ottoline"], album: "Setlist", durationMs: duration),
            TrackMetadata(service: .appleMusic, id: "am-set-\(index + 1)", title: title, artists: ["Ottoline"], album: "Setlist", durationMs: duration + 40)
        )
    }

    /// A song only Apple Music has (no Spotify recording): a request for it is shown, never queued.
    public static let appleOnly = TrackMetadata(
        service: .appleMusic, id: "am-only", title: "Orchard Lullaby", artists: ["Quince Atelier"], album: "Orchard", durationMs: 201_000)

    public static let appleCestLaVie = TrackMetadata(
        service: .appleMusic, id: "298026101", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_040)
    public static let appleSheLooksSoPerfect = TrackMetadata(
        service: .appleMusic, id: "am-slsp", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer", durationMs: 202_320)

    /// A room playing `track` matched on Apple Music (us) as `match`.
    public static func room(
        seq: Int = 1, track: TrackMetadata = cestLaVie, match: TrackMetadata? = appleCestLaVie, positionMs: Double = 0, at serverTime: ServerTime,
        playing: Bool = true, hostConnected: Bool = true
    ) -> RoomState {
        var roomTrack = RoomTrack(source: track)
        if let match {
            roomTrack.setMatch(.matched(match, method: MatchMethod(.simulcast)), for: .appleMusic, storefront: "us")
        } else {
            roomTrack.setMatch(.notFound(method: MatchMethod(.simulcast), reasons: ["not in the catalog"]), for: .appleMusic, storefront: "us")
        }
        return RoomState(
            seq: seq, track: roomTrack, anchor: PlaybackAnchor(positionMs: positionMs, at: serverTime), playing: playing, hostConnected: hostConnected)
    }
}
