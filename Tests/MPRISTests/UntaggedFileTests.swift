import MPRIS
import SimulcastCore
import Testing

/// Issue 23, the second mpv defect: for an untagged file mpv reports the file's name as its
/// title, while a listener's library read "Artist - Title" from the same name, so the two
/// never agreed. Both now describe a file by `FileTrackName`.
@Suite struct UntaggedFileTests {
    @Test(
        arguments: [
            ("file:///home/host/Music/Test%20Artist%20-%20Song%20Number%202.ogg", "Test Artist - Song Number 2.ogg", [], "Song Number 2", ["Test Artist"]),
            ("file:///home/host/Music/Test%20Artist%20-%20Song%20Number%202.ogg", "Test Artist - Song Number 2", [], "Song Number 2", ["Test Artist"]),
            ("file:///m/B*Witched/02%20C'est%20La%20Vie.flac", "02 C'est La Vie.flac", [], "C'est La Vie", ["B*Witched"]),
            // Tagged, or a title that is not the file's name: the player's word stands.
            ("file:///m/x/Test%20Artist%20-%20Song%20Number%202.ogg", "Song Number 2", ["Test Artist"], "Song Number 2", ["Test Artist"]),
            ("file:///m/x/track01.ogg", "A Real Title", [], "A Real Title", []),
        ] as [(String, String, [String], String, [String])])
    func describedAsTheLibraryDescribesIt(url: String, title: String, artists: [String], expectedTitle: String, expectedArtists: [String]) throws {
        let track = try #require(MPRISMetadata(title: title, artists: artists, url: url).track)
        #expect(track.title == expectedTitle)
        #expect(track.artists == expectedArtists)
    }

    @Test func theHostsFileAndTheListenersCopyAgree() throws {
        let host = try #require(
            MPRISMetadata(title: "Test Artist - Song Number 2.ogg", url: "file:///home/host/Music/Test%20Artist%20-%20Song%20Number%202.ogg").track)
        let copy = FileTrackName.describe(path: "/home/listener/copies/Test Artist - Song Number 2.ogg")
        #expect(host.title == copy.title)
        #expect(host.artists == [copy.artist])
    }
}
