import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import Testing

@testable import Rooms

/// Issue 22, fifth defect: WebSocket joins skipped the unknown-room lookup limit: one address
/// made 1,532 room-code guesses a second over `hello`s while REST held it to 3.9. Both doors
/// now spend one budget per address.
@Suite struct LookupLimitTests {
    @Test func guessingRoomCodesOverWebSocketSpendsTheSameBudgetAsREST() async throws {
        var limits = ServerLimits()
        limits.roomLookupMisses = TokenBucket.Rate(burst: 5, perSecond: 0.01)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: ServerConfiguration(limits: limits)
        ) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        var closes: [Int] = []
        for guess in 0..<8 {
            let code = "ZZZZZZZZZ" + String(Array("ABCDEFGH")[guess])
            let hello = try WireCodec().encode(.hello(Wire.Hello(role: .listener, room: code, service: .appleMusic, storefront: "us")))
            let peer = await WirePeer.connect(port: port, room: code, hello: hello)
            #expect(await TestSupport.eventually { await peer.closed })
            closes.append(await peer.closeCode ?? 0)
        }
        // Five misses are allowed, then every guess is refused before it is looked up.
        #expect(closes == [4404, 4404, 4404, 4404, 4404, 4429, 4429, 4429], "\(closes)")
        // The same address's REST lookups share the spent budget...
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/rooms/ZZZZZZZZZZ"), timeout: .seconds(5))
        #expect(response.status == .tooManyRequests)
        // ...while a listener who knows the code still gets in (a lookup that finds spends nothing,
        // but needs a token): refused here too, so say so plainly.
        let hello = try WireCodec().encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us")))
        let known = await WirePeer.connect(port: port, room: room.code, hello: hello)
        #expect(await TestSupport.eventually { await known.closed })
        #expect(await known.closeCode == 4429)
        await server.stop()
    }
}
