import Testing

/// `listen --player spotify-connect` says what it needs before it does anything.
@Suite struct ListenSpotifyConnectTests {
    @Test(arguments: [
        (["--service", "apple-music"], "--service spotify"),
        (["--service", "spotify", "--spotify-store", "/nonexistent/spotify-listener.json"], "simulcast login spotify --for listen"),
    ])
    func listenSaysWhatItNeeds(arguments: [String], said: String) throws {
        let (status, output) = try ServeConfigTests.run(["listen", "--room", "ABCDE23456", "--player", "spotify-connect"] + arguments)
        #expect(status != 0)
        #expect(output.contains(said), "\(output)")
    }
}
