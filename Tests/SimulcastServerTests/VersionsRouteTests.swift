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

/// Issue 37 (2) over REST: the versions of the room's song, judged, the room's match marked;
/// bad input refused in words; the lookups limited per address.
@Suite struct VersionsRouteTests {
    static func get(_ url: String) async throws -> (status: Int, text: String) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    @Test func theVersionsAreJudgedAndLimited() async throws {
        var configuration = ServerConfiguration()
        configuration.limits.versionLookups = TokenBucket.Rate(burst: 3, perSecond: 0.001)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let base = "http://127.0.0.1:\(try await server.start())"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let path = "\(base)/v1/rooms/\(room.code)/versions"
        // Nothing plays: nothing to choose from, and no lookup spent.
        let idle = try await Self.get(path + "?service=apple-music&storefront=us")
        #expect(idle.status == 200 && idle.text.contains(#""versions":[]"#), "\(idle.text)")

        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger)
        )
        let hosting = Task { try await host.run() }
        defer { hosting.cancel() }
        #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
        #expect(await TestSupport.eventually { (try? await RoomsAPI(baseURL: base, transport: .live).room(code: room.code))?.state.track != nil })

        let answer = try await Self.get(path + "?service=apple-music&storefront=us")
        #expect(answer.status == 200, "\(answer.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
        let versions = try #require(body["versions"] as? [[String: Any]])
        #expect(versions.first?["id"] as? String == Fixtures.appleSheLooksSoPerfect.id && versions.first?["accepted"] as? Bool == true)
        let demo = try #require(versions.first { $0["id"] as? String == "am-slsp-demo" })
        #expect(demo["accepted"] as? Bool == false)
        #expect((demo["why"] as? [String])?.first?.contains("demo") == true, "\(demo)")

        #expect(try await Self.get(path + "?service=apple-music&storefront=not-a-country").status == 422)
        let noCatalog = try await Self.get(path + "?service=tidal&storefront=us")
        #expect(noCatalog.status == 422 && noCatalog.text.contains("no_catalog"), "\(noCatalog.text)")
        // Two lookups were spent (the idle room and the bad storefront cost none; asking for a
        // service without a catalog does): the third passes, the fourth is refused.
        #expect(try await Self.get(path + "?service=apple-music&storefront=us").status == 200)
        let limited = try await Self.get(path + "?service=apple-music&storefront=us")
        #expect(limited.status == 429, "\(limited.text)")
        await server.stop()
    }
}
