import SimulcastCore
import Testing

@testable import SimulcastServer

/// What a room's link previews as, as a table: who hosts, what plays, which picture.
@Suite struct RoomPreviewTests {
    static let link = "https://listen.example.com/r/K7PQ2MXR9T"
    static let art = "https://i.scdn.co/image/ab67616d0000b273aaaa"

    static func state(host: String? = nil, playing: Bool = true, artwork: String? = nil, matchArtwork: String? = nil) -> RoomState {
        var state = RoomState.empty(at: 1_000, hostName: host)
        var source = TrackMetadata(service: .spotify, id: "sp1", title: "Dancing Queen", artists: ["ABBA"], durationMs: 230_000)
        source.artworkURL = artwork
        var track = RoomTrack(source: source)
        if let matchArtwork {
            var matched = TrackMetadata(service: .appleMusic, id: "am1", title: "Dancing Queen", artists: ["ABBA"])
            matched.artworkURL = matchArtwork
            track.setMatch(.matched(matched, method: MatchMethod(.simulcast, .isrc)), for: .appleMusic, storefront: "us")
        }
        state.track = track
        state.playing = playing
        return state
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let label: String
        let state: RoomState
        let link: String?
        let title: String
        let description: String
        let image: String?
        var testDescription: String { label }
    }

    static let rows: [Row] = [
        Row(
            label: "a named host playing a song with art", state: state(host: "Ana", artwork: art), link: link,
            title: "Listen along with Ana on Simulcast",
            description: "Now playing: Dancing Queen by ABBA. Hear it with Ana, on your own music service.", image: art),
        Row(
            label: "no name, paused", state: state(playing: false), link: link, title: "Listen along on Simulcast",
            description: "Hear what the host plays, at the same moment, on your own music service.", image: link + "/card.png"),
        Row(
            label: "art only on a listener's match", state: state(host: "Ana", matchArtwork: "https://is1-ssl.mzstatic.com/a.jpg"), link: nil,
            title: "Listen along with Ana on Simulcast",
            description: "Now playing: Dancing Queen by ABBA. Hear it with Ana, on your own music service.", image: "https://is1-ssl.mzstatic.com/a.jpg"),
        Row(
            label: "no link and no art: no picture", state: state(host: "Ana"), link: nil, title: "Listen along with Ana on Simulcast",
            description: "Now playing: Dancing Queen by ABBA. Hear it with Ana, on your own music service.", image: nil),
        Row(
            label: "plain-http art is not used", state: state(artwork: "http://i.scdn.co/image/x"), link: link, title: "Listen along on Simulcast",
            description: "Now playing: Dancing Queen by ABBA. Hear it with the host, on your own music service.", image: link + "/card.png"),
    ]

    @Test(arguments: rows) func previews(_ row: Row) {
        let preview = RoomPreview(code: "K7PQ2MXR9T", state: row.state, link: row.link)
        #expect(preview.title == row.title)
        #expect(preview.description == row.description)
        #expect(preview.image?.url == row.image)
        #expect(preview.headTags.contains("<meta property=\"og:title\" content=\"\(row.title)\">"))
        #expect(preview.headTags.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
        #expect(preview.headTags.contains("og:image\"") == (row.image != nil))
    }

    @Test func aHostileNameStaysText() {
        var state = Self.state(host: "\"><script>alert(1)</script>")
        state.track?.source.title = "</title><img src=x onerror=alert(2)>"
        let tags = RoomPreview(code: "K7PQ2MXR9T", state: state, link: Self.link).headTags
        #expect(!tags.contains("<script>") && !tags.contains("<img") && !tags.contains("\"><"))
        #expect(tags.contains("Listen along with &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; on Simulcast"))
    }

    @Test func theCodeIsShownInTwoGroups() {
        #expect(RoomPreview.grouped("DUQSYHFXCT") == "DUQSY HFXCT")
        #expect(RoomPreview.grouped("ABC234") == "ABC 234")
        #expect(RoomPreview.grouped("").isEmpty)
    }
}
