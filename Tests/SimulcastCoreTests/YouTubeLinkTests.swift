import SimulcastCore
import Testing

/// The links a host pastes to play a YouTube video, and what is not one.
@Suite struct YouTubeLinkTests {
    @Test(arguments: [
        ("https://www.youtube.com/watch?v=fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
        ("https://www.youtube.com/watch?v=fJ9rUzIMcZQ&list=PL123&index=2", "fJ9rUzIMcZQ"),
        ("https://youtube.com/watch?feature=share&v=fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
        ("youtube.com/watch?v=fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
        ("https://m.youtube.com/watch?v=fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
        ("https://music.youtube.com/watch?v=bSnlKl_PoQU&si=abc", "bSnlKl_PoQU"),
        ("https://youtu.be/fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
        ("https://youtu.be/fJ9rUzIMcZQ?t=42", "fJ9rUzIMcZQ"),
        ("  https://youtu.be/fJ9rUzIMcZQ\n", "fJ9rUzIMcZQ"),
        ("https://www.youtube.com/shorts/A22oy8dFjqc", "A22oy8dFjqc"),
        ("https://www.youtube.com/embed/A22oy8dFjqc?autoplay=1", "A22oy8dFjqc"),
        ("https://www.youtube.com/live/A22oy8dFjqc", "A22oy8dFjqc"),
        ("https://www.youtube-nocookie.com/embed/A22oy8dFjqc", "A22oy8dFjqc"),
        ("HTTPS://WWW.YOUTUBE.COM/watch?v=fJ9rUzIMcZQ", "fJ9rUzIMcZQ"),
    ])
    func aLinkNamesItsVideo(link: String, id: String) {
        #expect(YouTubeLink.videoId(in: link) == id)
    }

    @Test(arguments: [
        "Queen Bohemian Rhapsody",
        "fJ9rUzIMcZQ",  // a bare word is a search, even one shaped like an id
        "https://www.youtube.com/watch?v=short",
        "https://www.youtube.com/watch?v=fJ9rUzIMcZQX",
        "https://www.youtube.com/watch?v=fJ9rUzIMc%5A",
        "https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf",
        "https://www.youtube.com/@Queen",
        "https://evil.example/watch?v=fJ9rUzIMcZQ",
        "https://youtube.com.evil.example/watch?v=fJ9rUzIMcZQ",
        "https://open.spotify.com/track/4u7EnebtmKWzUH433cf5Qv",
        "javascript:alert(1)",
        "",
    ])
    func anythingElseIsNotALink(text: String) {
        #expect(YouTubeLink.videoId(in: text) == nil)
    }

    /// A playlist's own page names it; a video played from a playlist is that video.
    @Test(
        arguments: [
            ("https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf", "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf"),
            ("youtube.com/playlist?list=OLAK5uy_kq2Rzx4ALUU8MiuFcqNIgS0wVmtHmY9b0", "OLAK5uy_kq2Rzx4ALUU8MiuFcqNIgS0wVmtHmY9b0"),
            ("https://music.youtube.com/playlist?list=PL123abc&si=x", "PL123abc"),
            ("https://www.youtube.com/watch?v=fJ9rUzIMcZQ&list=PL123", nil),
            ("https://www.youtube.com/playlist?list=PL%3Cscript%3E", nil),
            ("https://evil.example/playlist?list=PL123abc", nil),
            ("Queen playlist", nil),
        ] as [(String, String?)])
    func aPlaylistLinkNamesItsPlaylist(link: String, id: String?) {
        #expect(YouTubeLink.playlistId(in: link) == id)
    }
}
