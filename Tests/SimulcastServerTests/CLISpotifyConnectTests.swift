import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import SpotifyAuth
import Testing

@testable import Rooms

/// `simulcast listen --player spotify-connect:DEVICE` as a process, as a listener on a Mac
/// runs it: the login `simulcast login spotify --for listen` saved, the loopback accounts
/// service and Web API (with two devices open), the real server on loopback and a host.
@Suite struct CLISpotifyConnectTests {
    @Test(.enabled(if: BuiltExecutable.simulcast != nil, "build the CLI first: swift build --product simulcast"))
    func listenPlaysTheRoomOnTheNamedSpotifyDevice() async throws {
        let executable = try #require(BuiltExecutable.simulcast)
        let accounts = FakeSpotifyAccounts(clientId: "cli-client", clientSecret: "unused")
        let player = FakeSpotify.Player()
        await player.setDevices([
            SpotifyConnectDevice(id: "phone-1", name: "Ana's iPhone", kind: "Smartphone", isActive: true),
            SpotifyConnectDevice(id: "mac-1", name: "Ana's MacBook", kind: "Computer"),
        ])
        let folder = try TemporaryFolder()
        let storePath = folder.file("spotify-listener.json")
        let refreshToken = await accounts.issueRefreshToken()
        // What `simulcast login spotify --for listen` leaves.
        try #"{"clientId": "cli-client", "refreshToken": "\#(refreshToken)"}"#.write(toFile: storePath, atomically: true, encoding: .utf8)
        try await FakeServiceServer.run(FakeSpotify.router(state: FakeServiceState(tracks: [Fixtures.cestLaVie]), accounts: accounts, player: player)) {
            spotify in
            let server = LocalServer(
                matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger,
                makeStore: { InMemoryRoomStore(clock: SystemClock()) })
            let port = try await server.start()
            let base = "http://127.0.0.1:\(port)"
            let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
            let host = HostSession(
                client: RoomConnection(
                    serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                    logger: TestSupport.quietLogger))
            let hostTask = Task { try await host.run() }
            defer { hostTask.cancel() }
            #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 60_000))

            let listen = try ChildProcess(
                executable.path,
                [
                    "listen", "--server", base, "--room", room.code, "--service", "spotify", "--player", "spotify-connect:ana's mac", "--spotify-store",
                    storePath,
                ],
                environment: ["SIMULCAST_SPOTIFY_API_URL": spotify, "SIMULCAST_SPOTIFY_ACCOUNTS_URL": spotify], logPath: folder.file("listen.log"))
            defer { listen.stop() }
            // The device asked for by the beginning of its name, not the active phone.
            let started = await Poll.until(timeout: Patience.event) {
                await player.commands.contains { $0.hasPrefix("play spotify:track:\(Fixtures.cestLaVie.id) at ") && $0.hasSuffix(" on mac-1") }
            }
            let commands = await player.commands
            #expect(started, "\(commands) \(listen.tail)")
            // Where the host is, give or take the command's way.
            let current = await player.current
            let hostPosition = await host.playback.positionMs(at: SystemClock().now())
            #expect(
                current.map { abs(Double($0.progressMs) - hostPosition) < 1_500 } == true, "device at \(current?.progressMs ?? -1), host at \(hostPosition)")
            try await host.apply(PlaybackEvent(event: .pause))
            let paused = await Poll.until(timeout: Patience.event) { await player.commands.contains("pause on mac-1") }
            let afterPause = await player.commands
            #expect(paused, "\(afterPause)")
            let output = try String(contentsOfFile: folder.file("listen.log"), encoding: .utf8)
            #expect(output.contains("playing on your Spotify app: Ana's MacBook (Computer)"), "\(listen.tail)")
            listen.stop()
            let everything = try String(contentsOfFile: folder.file("listen.log"), encoding: .utf8)
            for token in await accounts.issuedAccessTokens + [refreshToken] { #expect(!everything.contains(token), "a token in the listener's output") }
            await server.stop()
        }
    }
}
