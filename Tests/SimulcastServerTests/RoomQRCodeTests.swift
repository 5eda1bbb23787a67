import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Issue 24: a room's link as a QR code the server draws (`GET /r/{code}/qr.svg`), read back
/// by `zbarimg`. Issue 32: the link is the https public origin's, else the request's plain Host
/// when it came over HTTPS or is this machine's; never a plain http:// link to another machine.
@Suite struct RoomQRCodeTests {
    static let insecure = RoomLink.Decision.refused(RoomLink.insecure)

    @Test(
        arguments: [
            ([String](), "127.0.0.1:8080", false, .link("http://127.0.0.1:8080/r/K7PQ2MXR9T")),
            ([], "localhost:8080", false, .link("http://localhost:8080/r/K7PQ2MXR9T")),
            ([], "[::1]:9000", false, .link("http://[::1]:9000/r/K7PQ2MXR9T")),
            // Issue 32: a plain http link to another machine would land a friend on a page that cannot play.
            ([], "Listen.Example.com", false, insecure),
            ([], "192.168.1.20:8080", false, insecure),
            ([], "127.0.0.1.evil.example", false, insecure),
            (["http://192.168.1.20:8080"], "192.168.1.20:8080", false, insecure),
            (["http://localhost:8080"], "192.168.1.20:8080", false, .link("http://localhost:8080/r/K7PQ2MXR9T")),
            // Over HTTPS (the server's own certificate, or a trusted proxy's word) the request's host will do.
            ([], "Listen.Example.com", true, .link("https://listen.example.com/r/K7PQ2MXR9T")),
            (["https://listen.example.com/"], "10.0.0.2:8080", false, .link("https://listen.example.com/r/K7PQ2MXR9T")),
            (["https://listen.example.com:443"], nil, false, .link("https://listen.example.com/r/K7PQ2MXR9T")),
            (["http://10.0.0.2:8080", "https://listen.example.com"], "10.0.0.2:8080", false, .link("https://listen.example.com/r/K7PQ2MXR9T")),
        ] as [([String], String?, Bool, RoomLink.Decision)])
    func theLinkIsSecureOrThisMachines(publicOrigins: [String], host: String?, secure: Bool, decision: RoomLink.Decision) {
        #expect(RoomLink.decide(code: "K7PQ2MXR9T", publicOrigins: publicOrigins, requestHost: host, requestSecure: secure) == decision)
    }

    @Test(arguments: ["evil.example/<script>", "a b", "", ":80", String(repeating: "a", count: 256)] as [String])
    func aHostThatIsNotAPlainNameIsRefused(host: String) {
        #expect(RoomLink.decide(code: "K7PQ2MXR9T", publicOrigins: [], requestHost: host, requestSecure: true) != .link("https://\(host)/r/K7PQ2MXR9T"))
        guard case .refused = RoomLink.decide(code: "K7PQ2MXR9T", publicOrigins: [], requestHost: host, requestSecure: true) else {
            Issue.record("\(host) was drawn")
            return
        }
    }

    @Test func theServedCodeReadsAsTheRoomsLinkAndAnUnknownRoomIs404() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
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
