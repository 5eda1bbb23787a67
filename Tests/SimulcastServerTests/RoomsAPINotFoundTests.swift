import AsyncHTTPClient
import Hummingbird
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// "No such room" is the server's own `room_not_found`, not any 404: a test took another
/// program's "404 page not found" on its port (a proxy's or ACME server's, under a CPU hog)
/// for a started `serve`, and a listener pointed at a wrong address was told the room did not exist.
@Suite struct RoomsAPINotFoundTests {
    @Test func aSimulcastServersRoomNotFoundIsNoRoom() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let found = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).room(code: "AAAAAAAAAA")
        #expect(found == nil)
        await server.stop()
    }

    @Test func anotherProgramsNotFoundIsAnError() async throws {
        _ = try await FakeServiceServer.run(Router()) { base in
            await #expect(throws: APIClientError.self) { _ = try await RoomsAPI(baseURL: base, transport: .live).room(code: "AAAAAAAAAA") }
        }
    }
}
