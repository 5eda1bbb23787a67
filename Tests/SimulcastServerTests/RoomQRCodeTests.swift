import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Issue 24: a room's link as a QR code the server draws (`GET /r/{code}/qr.svg`), read back
/// by `zbarimg`; the link is under the configured public origin, else the request's plain Host.
@Suite struct RoomQRCodeTests {
    @Test(
        arguments: [
            ([String](), "127.0.0.1:8080", "http://127.0.0.1:8080/r/K7PQ2MXR9T"),
            ([], "Listen.Example.com", "http://listen.example.com/r/K7PQ2MXR9T"),
            ([], "[::1]:9000", "http://[::1]:9000/r/K7PQ2MXR9T"),
            (["https://listen.example.com/"], "10.0.0.2:8080", "https://listen.example.com/r/K7PQ2MXR9T"),
            (["https://listen.example.com:443"], nil, "https://listen.example.com/r/K7PQ2MXR9T"),
            ([], "evil.example/<script>", nil), ([], "a b", nil), ([], "", nil), ([], nil, nil), ([], ":80", nil),
            ([], String(repeating: "a", count: 256), nil),
        ] as [([String], String?, String?)])
    func theLinkIsThePublicOriginsOrAPlainHosts(publicOrigins: [String], host: String?, link: String?) {
        #expect(RoomLink.url(code: "K7PQ2MXR9T", publicOrigins: publicOrigins, requestHost: host) == link)
    }

    @Test func theServedCodeReadsAsTheRoomsLinkAndAnUnknownRoomIs404() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger) { InMemoryRoomStore() }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base).createRoom()
        // Typed the way people type codes: lower case, in two halves.
        let typed = room.code.lowercased().prefix(5) + "-" + room.code.lowercased().dropFirst(5)
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/r/\(typed)/qr.svg"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "content-type") == "image/svg+xml")
        let svg = String(buffer: body)
        #expect(svg.contains("<title>QR code of \(base)/r/\(room.code)</title>"))
        if SystemTests.zbar {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-room-qr-\(UUID().uuidString.prefix(8)).svg")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(svg.utf8).write(to: file)
            #expect(try QRReader.read(file) == "\(base)/r/\(room.code)")
        }

        let unknown = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/r/AAAAAAAAAA/qr.svg"), timeout: .seconds(10))
        #expect(unknown.status == .notFound)
        #expect(String(buffer: try await unknown.body.collect(upTo: 1 << 16)).contains("room_not_found"))

        // A Host that is not a plain host name is refused, not drawn.
        let outcome = try await RawTCP.run {
            let socket = try RawTCP(port: port)
            socket.send("GET /r/\(room.code)/qr.svg HTTP/1.1\r\nHost: evil.example/x?\r\nConnection: close\r\n\r\n")
            return socket.readUntilClosed(seconds: 3)
        }
        let answer = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 403"), "\(answer.prefix(200))")
        #expect(answer.contains("origin_not_allowed"))
        await server.stop()
    }
}
