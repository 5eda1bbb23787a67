import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 37 (3): GET /v1/rooms/{code}/history lists what played in order, the host's link
/// and each listener's own match with its link on their service; a song played again is
/// listed again; a seek or a pause adds nothing.
@Suite struct RoomHistoryTests {
    struct History: Decodable {
        struct Song: Decodable {
            struct Yours: Decodable {
                var id: String
                var title: String
                var link: String?
            }
            var startedAt: Int64
            var service: String
            var id: String
            var title: String
            var link: String?
            var yours: Yours?
        }
        var songs: [Song]
    }

    static func history(_ base: String, _ code: String, query: String = "") async throws -> (status: Int, history: History?) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/v1/rooms/\(code)/history\(query)"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), try? JSONDecoder().decode(History.self, from: Data(String(buffer: body).utf8)))
    }

    @Test func theHistoryListsWhatPlayedWithEachListenersOwnLink() async throws {
        // Read often below, waiting for a match: the per-address allowance is not what is tested here.
        var configuration = ServerConfiguration()
        configuration.limits.historyReads = TokenBucket.Rate(burst: 1_000, perSecond: 100)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger)
        )
        let hosting = Task { try await host.run() }
        let listener = LiveRoomTests.listener(baseURL: base, code: room.code, service: .appleMusic, clockOffsetMs: 0, seed: 37)
        let listening = Task { try await listener.session.run() }
        defer {
            hosting.cancel()
            listening.cancel()
        }
        #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
        #expect(try await Self.history(base, room.code).history?.songs.isEmpty == true)

        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 0))
        #expect(await TestSupport.eventually { await MultiNodeProcessTests.following(listener, track: Fixtures.appleCestLaVie.id) })
        try await host.apply(PlaybackEvent(event: .seek, positionMs: 90_000))
        try await host.apply(PlaybackEvent(event: .pause))
        try await host.apply(PlaybackEvent(event: .resume))
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 0))
        #expect(await TestSupport.eventually { (try? await Self.history(base, room.code).history?.songs.count) == 3 })

        let (status, answer) = try await Self.history(base, room.code, query: "?service=apple-music&storefront=us")
        #expect(status == 200)
        let songs = try #require(answer?.songs)
        #expect(songs.map(\.id) == [Fixtures.cestLaVie.id, Fixtures.sheLooksSoPerfect.id, Fixtures.cestLaVie.id], "in the order they played")
        #expect(songs.map(\.startedAt) == songs.map(\.startedAt).sorted())
        #expect(songs[0].link == "https://open.spotify.com/track/\(Fixtures.cestLaVie.id)")
        // The listener's own recording, with its link on Apple Music: the first song's match was
        // kept when the next began; the one playing now has the match it has so far.
        #expect(songs[0].yours?.id == Fixtures.appleCestLaVie.id)
        #expect(songs[0].yours?.link == "https://music.apple.com/us/song/\(Fixtures.appleCestLaVie.id)")
        #expect(
            await TestSupport.eventually {
                (try? await Self.history(base, room.code, query: "?service=apple-music&storefront=us").history?.songs.last?.yours?.id)
                    == Fixtures.appleCestLaVie.id
            })
        // Without a service: the host's songs only; an unknown room: 404.
        #expect(try await Self.history(base, room.code).history?.songs.allSatisfy { $0.yours == nil } == true)
        #expect(try await Self.history(base, "ZZZZZZZZZZ").status == 404)
        await server.stop()
    }

    @Test func linksAreMadeOnlyFromCatalogIds() {
        let odd = TrackMetadata(service: .spotify, id: "abc/../x?y", title: "t", artists: [])
        #expect(TrackLink.url(for: odd, storefront: "us") == nil)
        #expect(
            TrackLink.url(for: TrackMetadata(service: .deezer, id: "3135556", title: "t", artists: []), storefront: "fr")
                == "https://www.deezer.com/track/3135556")
        #expect(
            TrackLink.url(for: TrackMetadata(service: .appleMusic, id: "1", title: "t", artists: []), storefront: "GB") == "https://music.apple.com/gb/song/1")
        #expect(TrackLink.url(for: TrackMetadata(service: .localFiles, id: "song.flac", title: "t", artists: []), storefront: "us") == nil)
    }
}
