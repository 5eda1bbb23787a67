import AsyncHTTPClient
import Foundation
import NIOCore
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 33 (7): what a request's query carries never reaches the log, and a host's artwork
/// address is kept only when a music service hosts it.
@Suite struct SecretsAtRestTests {
    @Test func theRequestLogHasPathsWithoutTheirQueries() async throws {
        let logs = CapturedLogs()
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: logs.logger) { InMemoryRoomStore(clock: SystemClock()) }
        let port = try await server.start()
        _ = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)/r/callback?code=AQD-secret-code&state=secret-state"), timeout: .seconds(10))
        await server.stop()
        #expect(logs.all.contains { $0.contains("path=/r/callback") }, "the request was not logged at debug")
        for secret in ["AQD-secret-code", "secret-state"] { #expect(!logs.all.contains { $0.contains(secret) }, "the log holds \(secret)") }
    }

    @Test(
        arguments: [
            ("https://is1-ssl.mzstatic.com/image/thumb/Music/100x100bb.jpg", true),
            ("https://i.scdn.co/image/ab67616d0000b273", true),
            ("https://e-cdns-images.dzcdn.net/images/cover/1/250x250.jpg", true),
            ("http://i.scdn.co/image/x", false),
            ("https://tracker.example/pixel.gif", false),
            ("https://i.scdn.co.evil.example/x", false),
            ("https://evil.example/?https://i.scdn.co", false),
            ("https://user@i.scdn.co/x", false),
            ("https://i.scdn.co:8443/x", false),
            ("javascript:alert(1)", false),
            ("https://mzstatic.com/x", false),
        ] as [(String, Bool)])
    func artworkComesOnlyFromTheServicesImageHosts(url: String, allowed: Bool) {
        #expect(ArtworkHosts.allows(url) == allowed)
    }

    @Test func aHostsArtworkFromElsewhereIsDroppedBeforeTheRoomStoresIt() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let host = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        #expect(await TestSupport.eventually { await host.welcome != nil })
        var track = Fixtures.cestLaVie
        track.artworkURL = "https://tracker.example/pixel.gif?who=listener"
        var next = Fixtures.sheLooksSoPerfect
        next.artworkURL = "https://i.scdn.co/image/ab67616d0000b273"
        let now = ServerTime(micros: Int64(Date().timeIntervalSince1970 * 1_000_000))
        await host.send(
            .hostState(PlaybackSnapshot(track: track, playing: true, anchor: PlaybackAnchor(positionMs: 1_000, at: now), queue: [next])))
        let id = track.id
        #expect(await TestSupport.eventually { await host.states.last?.track?.source.id == id })
        let state = try #require(await host.states.last)
        #expect(state.track?.source.artworkURL == nil)
        #expect(state.queue.first?.source.artworkURL == next.artworkURL)
        await host.disconnect()
        await server.stop()
    }
}
