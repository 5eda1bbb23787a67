import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Issue 51 (7): a listener link on party Wi-Fi. Every visit downloaded the page's modules and
/// style sheets again (no compression, `no-cache` without a validator). Now the page names
/// versioned addresses kept for a year, preloads its whole import graph, and every file is
/// gzipped for a browser that accepts it and answered 304 when the browser already holds it.
@Suite struct WebStaticFilesTests {
    /// The headers Chromium sends for a module script.
    static let browserHeaders = [("Accept", "*/*"), ("Accept-Encoding", "gzip, deflate, br, zstd"), ("Accept-Language", "en")]

    struct Fetched {
        var status: Int
        var headers: [String: String]
        var bytes: Int
        var body: [UInt8]
    }

    /// One request as a browser sends it, read as it came over the wire: the product's own
    /// transport decompresses nothing (AsyncHTTPClient's shared client does, like a browser).
    static func get(_ url: String, headers: [(String, String)] = browserHeaders) async throws -> Fetched {
        let response = try await NIOHTTPTransport.live.send(TransportRequest(method: "GET", url: url, headers: headers))
        return Fetched(status: response.status, headers: response.headers, bytes: response.body.count, body: Array(response.body))
    }

    @Test func aReturnVisitCostsNothingAndAFirstVisitIsCompressedAndPreloaded() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()

        let page = try await Self.get("\(base)/r/\(room.code)")
        let html = String(decoding: page.body, as: UTF8.self)
        // Every module and style sheet the page names, versioned; the entry's imports preloaded.
        let named = html.matches(of: /(?:href|src)="(\/web\/[0-9a-f]{12}\/[^"]+\.(?:js|css))"/).map { String($0.output.1) }
        let preloaded = html.matches(of: /<link rel="modulepreload" href="([^"]+)">/).map { String($0.output.1) }
        #expect(named.count >= 40, "\(named.count) files named")
        #expect(preloaded.count >= 30, "\(preloaded.count) modules preloaded")
        let entry = try #require(html.firstMatch(of: /<script type="module" src="([^"]+)">/)?.output.1)
        #expect(preloaded.first == String(entry))
        // Each preloaded module's own imports are preloaded too: the graph is closed.
        var missing: [String] = []
        for path in preloaded {
            let module = try await Self.get(base + path, headers: [])
            let text = String(decoding: module.body, as: UTF8.self)
            for imported in text.matches(of: /from "(\.{1,2}\/[^"]+)"/) {
                let resolved = try #require(URL(string: String(imported.output.1), relativeTo: URL(string: base + path))).path
                if !preloaded.contains(resolved) { missing.append("\(path) imports \(resolved)") }
            }
        }
        #expect(missing.isEmpty, "not preloaded: \(missing)")
        // Every panel the pages include is in them.
        #expect(!html.contains("{{"), "a placeholder left in the page")
        // The room's manifest reopens the room; light and dark each have their theme colour.
        #expect(html.contains("href=\"/r/\(room.code)/manifest.webmanifest\""))
        let manifest = try await Self.get("\(base)/r/\(room.code)/manifest.webmanifest")
        #expect(String(decoding: manifest.body, as: UTF8.self).contains("\"start_url\": \"/r/\(room.code)\""))
        #expect(html.contains("media=\"(prefers-color-scheme: light)\"") && html.contains("media=\"(prefers-color-scheme: dark)\""))

        var plain = 0
        var sent = 0
        for path in Set(named) {
            // First visit: gzipped, kept for a year, with a validator.
            let first = try await Self.get(base + path)
            #expect(first.status == 200, "\(path)")
            #expect(first.headers["content-encoding"] == "gzip", "\(path) not compressed")
            #expect(first.headers["cache-control"] == "public, max-age=31536000, immutable", "\(path)")
            #expect(first.headers["vary"] == "Accept-Encoding")
            let tag = try #require(first.headers["etag"], "\(path) has no validator")
            let identity = try await Self.get(base + path, headers: [])
            #expect(identity.headers["content-encoding"] == nil && identity.headers["etag"] == tag)
            #expect(first.bytes < identity.bytes)
            plain += identity.bytes
            sent += first.bytes
            // The gzip is the file: zlib's own tool reads it back to the same bytes.
            #expect(try Self.gunzip(first.body) == identity.body, "\(path)")
            // A return visit that asks anyway (a reload) is answered 304 with no body.
            let again = try await Self.get(base + path, headers: Self.browserHeaders + [("If-None-Match", tag)])
            #expect(again.status == 304 && again.bytes == 0, "\(path): \(again.status)")
            // The unversioned address still works, revalidated every time.
            let unversioned = try await Self.get(base + "/web/" + path.split(separator: "/").dropFirst(2).joined(separator: "/"))
            #expect(unversioned.headers["cache-control"] == "no-cache" && unversioned.headers["etag"] == tag, "\(path)")
        }
        #expect(sent * 2 < plain, "gzip sent \(sent) of \(plain) bytes")
        // A client that refuses gzip gets the plain file.
        let refused = try await Self.get(base + named[0], headers: [("Accept-Encoding", "gzip;q=0, identity")])
        #expect(refused.headers["content-encoding"] == nil)
    }

    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("br;q=1.0, gzip;q=0.8", true), ("GZIP", true), ("x-gzip", true),
        ("gzip;q=0", false), ("identity", false), ("", false), ("*", true), ("*;q=0", false), ("br, *;q=0", false), ("deflate", false),
    ])
    func acceptEncoding(header: String, gzip: Bool) {
        #expect(AcceptEncoding.acceptsGzip(header) == gzip, "\(header)")
    }

    @Test func theImportGraphFollowsRelativeImportsAcrossFolders() {
        let modules = [
            "app.js": "import { a } from \"./ui/a.js\";\nimport {\n  b,\n  c\n} from \"./engine/b.js\";\n// import { x } from \"./commented.js\"",
            "ui/a.js": "import { b } from \"../engine/b.js\";\nexport const a = 1;",
            "engine/b.js": "export { c } from \"./c.js\";\nconst later = () => import(\"./lazy.js\");",
            "engine/c.js": "export const c = 3;",
        ]
        #expect(WebAssets.importGraph(from: "app.js", modules: modules) == ["app.js", "ui/a.js", "engine/b.js", "engine/c.js"])
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f.gz")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc \"$0\"", file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
