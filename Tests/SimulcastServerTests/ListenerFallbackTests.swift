import Foundation
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 53 (3): a listener may take a song their own service lacks from YouTube. Their page
/// says so (`listener.fallback`), and the room matches its songs to YouTube for them too, for
/// as long as they keep it on and stay; a host cannot ask it.
@Suite struct ListenerFallbackTests {
    static func withRoom(_ body: (_ port: Int, _ room: CreatedRoom) async throws -> Void) async throws {
        let server = LocalServer(
            matchmaker: TestRooms.youtubeMatchmaker, clock: SystemClock(), logger: TestSupport.quietLogger,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        do { try await body(port, room) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The room's host, joined.
    static func host(_ port: Int, _ room: CreatedRoom) async -> WirePeer {
        let host = await WirePeer.connect(
            port: port, room: room.code, hello: WireCodec().text(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
        #expect(await TestSupport.eventually { await host.welcome != nil })
        return host
    }

    static func play(_ host: WirePeer, _ track: TrackMetadata) async {
        await host.send(.hostState(PlaybackSnapshot(track: track, playing: true, anchor: .init(positionMs: 0, at: SystemClock().serverClockNow()))))
    }

    /// Waits until the room has handled what `peer` sent so far: a connection's messages are
    /// handled in order, and a second hello is answered with an error.
    static func processed(_ peer: WirePeer) async {
        let before = await peer.errors.count
        await peer.send(.hello(Wire.Hello(role: .listener, room: "", service: .appleMusic, storefront: "us")))
        #expect(await TestSupport.eventually { await peer.errors.count > before })
    }

    /// The room's match of its current song for YouTube in the US, as `peer` last heard it.
    static func youtubeMatch(_ peer: WirePeer, of trackId: String) async -> MatchResult? {
        guard let state = await peer.states.last, state.track?.source.id == trackId else { return nil }
        return state.track?.matches.first { $0.service == .youtube && $0.storefront == "us" }?.result
    }

    @Test func aListenersFallbackIsMatchedWhileTheyKeepItOn() async throws {
        try await Self.withRoom { port, room in
            let host = await Self.host(port, room)
            let ana = await WirePeer.connect(port: port, room: room.code, hello: HandoverImpostorTests.hello(room.code, .appleMusic, "Ana"))
            #expect(await TestSupport.eventually { await ana.welcome != nil })

            // Off by default: Apple Music has no Solayoh, and YouTube is not asked.
            await Self.play(host, Fixtures.solayoh)
            #expect(
                await TestSupport.eventually {
                    await ana.states.last?.track?.matches.first { $0.service == .appleMusic }.map { $0.result.status != .matched } == true
                })
            #expect(await Self.youtubeMatch(ana, of: Fixtures.solayoh.id) == nil)

            // On: the song is matched to YouTube for her.
            await ana.send(.fallback(Wire.Fallback(service: .youtube)))
            #expect(await TestSupport.eventually { await Self.youtubeMatch(ana, of: Fixtures.solayoh.id)?.track?.id == "yt-sol-mv" })

            // Off again: the next song is matched to Apple Music only.
            await ana.send(.fallback(Wire.Fallback(service: nil)))
            await Self.processed(ana)
            await Self.play(host, Fixtures.cestLaVie)
            #expect(
                await TestSupport.eventually {
                    await ana.states.last?.track?.matches.first { $0.service == .appleMusic }?.result.track?.id == Fixtures.appleCestLaVie.id
                })
            #expect(await ana.states.last?.track?.matches.contains { $0.service == .youtube } == false)

            // A host has no fallback.
            await host.send(.fallback(Wire.Fallback(service: .youtube)))
            #expect(await TestSupport.eventually { await host.errors.contains(.forbidden) })
            await ana.disconnect()
            await host.disconnect()
        }
    }

    @Test func theFallbackGoesWithTheListener() async throws {
        try await Self.withRoom { port, room in
            let host = await Self.host(port, room)
            let ana = await WirePeer.connect(port: port, room: room.code, hello: HandoverImpostorTests.hello(room.code, .appleMusic, "Ana"))
            let ben = await WirePeer.connect(port: port, room: room.code, hello: HandoverImpostorTests.hello(room.code, .appleMusic, "Ben"))
            #expect(await TestSupport.eventually { await ana.welcome != nil })
            #expect(await TestSupport.eventually { await ben.welcome != nil })
            await ana.send(.fallback(Wire.Fallback(service: .youtube)))
            await Self.play(host, Fixtures.solayoh)
            #expect(await TestSupport.eventually { await Self.youtubeMatch(ben, of: Fixtures.solayoh.id)?.track?.id == "yt-sol-mv" })
            // Ana leaves: nobody here takes songs from YouTube, so the next song is not matched there.
            await ana.disconnect()
            #expect(await TestSupport.eventually { await host.presences.last?.count == 1 })
            await Self.play(host, Fixtures.sheLooksSoPerfect)
            #expect(
                await TestSupport.eventually {
                    await ben.states.last?.track?.matches.first { $0.service == .appleMusic }?.result.track?.id == Fixtures.appleSheLooksSoPerfect.id
                })
            #expect(await ben.states.last?.track?.matches.contains { $0.service == .youtube } == false)
            await ben.disconnect()
            await host.disconnect()
        }
    }
}
