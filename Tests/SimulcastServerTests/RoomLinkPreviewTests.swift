import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Issue 35: a room has a host's name, and its link previews as "Listen along with Ana" with a
/// picture; the page is installable (manifest, icons). On a real server on a loopback port.
@Suite struct RoomLinkPreviewTests {
    func withServer(_ body: @Sendable (any TestClientProtocol, RoomHub) async throws -> Void) async throws {
        let (application, hub) = try SimulcastApplication.build(
            configuration: .init(port: 0, web: .init()),
            dependencies: .init(
                store: InMemoryRoomStore(clock: SystemClock()), matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger))
        try await application.test(.live) { client in try await body(client, hub) }
    }

    /// `POST /v1/rooms` with `body`: the status, and the room's code when one was made.
    static func create(_ client: any TestClientProtocol, body: String?) async throws -> (HTTPResponse.Status, String, String?) {
        let headers: HTTPFields = body == nil ? [:] : [.contentType: "application/json"]
        return try await client.execute(uri: "/v1/rooms", method: .post, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            struct Created: Decodable { var code: String }
            let text = String(buffer: response.body)
            return (response.status, text, try? JSONDecoder().decode(Created.self, from: Data(text.utf8)).code)
        }
    }

    static func page(_ client: any TestClientProtocol, _ path: String) async throws -> String {
        try await client.execute(uri: path, method: .get) { response in
            #expect(response.status == .ok, "\(path)")
            return String(buffer: response.body)
        }
    }

    @Test func aNamedRoomsLinkPreviewsWithTheHostsNameAndAPicture() async throws {
        try await withServer { client, _ in
            let (status, _, created) = try await Self.create(client, body: #"{"hostName": "  Ana "}"#)
            #expect(status == .created)
            let code = try #require(created)
            let html = try await Self.page(client, "/r/\(code)")
            #expect(html.contains(#"<meta property="og:title" content="Listen along with Ana on Simulcast">"#))
            #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
            #expect(html.contains("<title>Listen along with Ana · Simulcast</title>"))
            #expect(html.contains(#"<p id="headline" class="headline">Listen along with Ana</p>"#))
            #expect(html.contains(RoomPreview.grouped(code)))
            // Added to a home screen, the room's page reopens the room (issue 51).
            #expect(html.contains(#"<link rel="manifest" href="/r/\#(code)/manifest.webmanifest">"#))
            let image = try #require(html.firstMatch(of: /<meta property="og:image" content="([^"]+)">/)?.1)
            // A loopback page may share its http:// link (RoomLink); the picture is beside it.
            #expect(image.hasPrefix("http://") && image.hasSuffix("/r/\(code)/card.png"), "\(image)")
            let path = String(image.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
                let decoded = try #require(PNGEncoderTests.decode(Array(buffer: response.body)))
                #expect(decoded.width == 1200 && decoded.height == 630)
            }
        }
    }

    @Test func theManifestAndEveryIconAreServed() async throws {
        try await withServer { client, _ in
            struct Manifest: Decodable {
                struct Icon: Decodable { var src: String; var sizes: String; var type: String }
                var name: String
                var startURL: String
                var display: String
                var themeColour: String
                var icons: [Icon]
                enum CodingKeys: String, CodingKey {
                    case name, display, icons
                    case startURL = "start_url"
                    case themeColour = "theme_color"
                }
            }
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get) { response in
                #expect(response.headers[.contentType] == "application/manifest+json")
                return try JSONDecoder().decode(Manifest.self, from: Data(buffer: response.body))
            }
            #expect(manifest.display == "standalone" && manifest.startURL == "/" && manifest.themeColour == "#101418")
            #expect(Set(manifest.icons.map(\.sizes)).isSuperset(of: ["192x192", "512x512"]))
            for icon in manifest.icons + [.init(src: "/web/apple-touch-icon.png", sizes: "180x180", type: "image/png")] {
                try await client.execute(uri: icon.src, method: .get) { response in
                    #expect(response.headers[.contentType] == icon.type, "\(icon.src)")
                    guard icon.type == "image/png" else { return }
                    let decoded = try #require(PNGEncoderTests.decode(Array(buffer: response.body)), "\(icon.src)")
                    #expect("\(decoded.width)x\(decoded.height)" == icon.sizes)
                }
            }
            try await client.execute(uri: "/favicon.ico", method: .get) { response in #expect(response.headers[.contentType] == "image/png") }
            // The front page carries the icons and the manifest too.
            #expect(try await Self.page(client, "/").contains(#"<link rel="apple-touch-icon" href="/web/apple-touch-icon.png">"#))
        }
    }

    @Test func aNameTheRulesRefuseIsABadRequestAndMakesNoRoom() async throws {
        try await withServer { client, _ in
            let cases: [(body: String, code: String)] = [
                (#"{"hostName": "Host"}"#, "invalid_name"),
                (#"{"hostName": "\#(String(repeating: "a", count: 40))"}"#, "invalid_name"),
                (#"{"hostName": "\#(String(repeating: "a", count: 4_000))"}"#, "malformed_room_request"),
                ("{not json", "malformed_room_request"),
                (#"{"hostName": 7}"#, "malformed_room_request"),
            ]
            for row in cases {
                let (status, text, code) = try await Self.create(client, body: row.body)
                #expect(status == .badRequest, "\(row.body.prefix(40))")
                #expect(text.contains("\"\(row.code)\""), "\(text)")
                #expect(code == nil)
                #expect(text.utf8.count < 400, "the error does not echo a long name")
            }
            // No body at all is a room with no host name.
            let (status, _, code) = try await Self.create(client, body: nil)
            #expect(status == .created)
            let html = try await Self.page(client, "/r/\(try #require(code))")
            #expect(html.contains(#"<p id="headline" class="headline">Listen along</p>"#))
        }
    }

    @Test func aHostThatSaysItsNameNamesTheRoom() async throws {
        try await withServer { client, hub in
            let room = try await hub.createRoom(hostName: "Ana")
            let codec = WireCodec()
            let host = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await host.receive(codec.text(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken, name: "Bo"))))
            #expect(try await Self.page(client, "/r/\(room.code)").contains("Listen along with Bo on Simulcast"))
            // A host that gives no name keeps the room's.
            let again = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await again.receive(codec.text(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
            #expect(try await Self.page(client, "/r/\(room.code)").contains("Listen along with Bo on Simulcast"))
        }
    }

    /// A song without artwork gets a cover drawn from its name: the same name, the same
    /// picture for every listener; a name longer than any song's is refused, not drawn.
    @Test func aSongWithoutArtworkGetsTheSameGeneratedCoverForEveryone() async throws {
        try await withServer { client, _ in
            func cover(_ name: String) async throws -> (HTTPResponse.Status, String?, String) {
                let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return try await client.execute(uri: "/cover.svg?for=\(query)", method: .get) { response in
                    (response.status, response.headers[.contentType], String(buffer: response.body))
                }
            }
            let first = try await cover("C'est La Vie\nB*Witched")
            #expect(first.0 == .ok && first.1 == "image/svg+xml")
            #expect(first.2.hasPrefix("<svg"))
            #expect(try await cover("C'est La Vie\nB*Witched").2 == first.2)
            // Some other song lands on another palette.
            var others: Set<String> = []
            for title in ["One", "Two", "Three", "Four", "Five", "Six", "Seven"] { others.insert(try await cover(title + "\nSomeone").2) }
            #expect(others.count > 1)
            let tooLong = try await cover(String(repeating: "a", count: CoverArt.maximumSeedBytes + 1))
            #expect(tooLong.0 == .badRequest)
            #expect(tooLong.2.contains("at most \(CoverArt.maximumSeedBytes) bytes"), "\(tooLong.2)")
        }
    }
}
