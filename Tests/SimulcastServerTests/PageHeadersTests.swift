import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Issue 33 (6): no page sent frame-ancestors or X-Frame-Options, and a same-site page framed
/// the host page (one click stopped hosting). Every page now carries its policy; HEAD answers.
@Suite struct PageHeadersTests {
    @Test func everyPageCarriesItsPolicyAndHeadAnswersAsGet() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        for path in ["/", "/r/\(room.code)", "/r/\(room.code)/host", "/r/callback", "/r/AAAAAAAAAA", "/join?code=x"] {
            for method in [HTTPMethod.GET, .HEAD] {
                var request = HTTPClientRequest(url: base + path)
                request.method = method
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                let body = try await response.body.collect(upTo: 1 << 20)
                #expect(response.status != .notFound || path.contains("AAAA"), "\(method) \(path): \(response.status)")
                let policy = response.headers.first(name: "content-security-policy") ?? ""
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "\(method) \(path): \(policy)")
                #expect(response.headers.first(name: "x-frame-options") == "DENY")
                #expect(response.headers.first(name: "x-content-type-options") == "nosniff")
                #expect(response.headers.first(name: "permissions-policy")?.contains("microphone=(self)") == true)
                if method == .HEAD { #expect(body.readableBytes == 0) }
            }
        }
        // Scripts and data say what they are too.
        for path in ["/web/listener.js", "/healthz", "/openapi.yaml"] {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + path), timeout: .seconds(10))
            #expect(response.headers.first(name: "x-content-type-options") == "nosniff", "\(path)")
        }
        await server.stop()
    }

    /// Issue 53: YouTube refuses an embed whose request names no origin (error 153), and our
    /// pages sent `Referrer-Policy: no-referrer`; YouTube's frame and its scripts are allowed
    /// only where the server offers YouTube.
    @Test func pagesNameTheirOriginButNeverTheirPathAndYouTubeIsFramedOnlyWhereOffered() async throws {
        func directives(_ web: WebListenerConfiguration) -> [String: [String]] {
            var found: [String: [String]] = [:]
            for directive in PageSecurityPolicy(web: web).contentSecurityPolicy.split(separator: ";") {
                let words = directive.split(separator: " ").map(String.init)
                if let name = words.first { found[name] = Array(words.dropFirst()) }
            }
            return found
        }
        let without = directives(WebListenerConfiguration())
        #expect(!(without["frame-src"] ?? []).contains { $0.contains("youtube") } && !(without["script-src"] ?? []).contains { $0.contains("youtube") })
        let with = directives(WebListenerConfiguration(offersYouTube: true, youtubeIFrameAPIURL: "http://127.0.0.1:9/fake-youtube-iframe-api.js"))
        #expect(with["frame-src"]?.contains("https://www.youtube.com") == true)
        #expect(with["script-src"]?.contains("https://www.youtube.com") == true && with["script-src"]?.contains("http://127.0.0.1:9") == true)

        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        for path in ["/", "/r/\(room.code)", "/r/\(room.code)/host"] {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(10))
            #expect(response.headers.first(name: "referrer-policy") == "strict-origin-when-cross-origin", "\(path)")
        }
        await server.stop()
    }

    @Test func thePolicyListsOnlyTheSourcesThePagesUse() {
        let web = WebListenerConfiguration(
            publicOrigins: ["https://listen.example.com"], musicKitURL: "https://js-cdn.music.apple.com/musickit/v3/musickit.js")
        let policy = PageSecurityPolicy(web: web).contentSecurityPolicy
        var directives: [String: [String]] = [:]
        for directive in policy.split(separator: ";") {
            let words = directive.split(separator: " ").map(String.init)
            if let name = words.first { directives[name] = Array(words.dropFirst()) }
        }
        #expect(directives["script-src"] == ["'self'", "https://js-cdn.music.apple.com", "https://sdk.scdn.co"])
        #expect(directives["connect-src"]?.contains("wss://listen.example.com") == true)
        #expect(directives["connect-src"]?.contains("https://accounts.spotify.com") == true)
        #expect(directives["img-src"]?.contains("https://*.mzstatic.com") == true && directives["img-src"]?.contains("https:") == false)
        #expect(directives["frame-ancestors"] == ["'none'"])
        #expect(directives["default-src"] == ["'self'"])
    }

    /// A page of another origin on the same machine frames the host page: Chromium shows
    /// nothing of it, so no click can reach its buttons.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func noPageCanBeFramed() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let framer = Router()
        framer.get("/") { _, _ in
            FakeServiceServer.text(
                "<!doctype html><title>framer</title><iframe id=f src='http://127.0.0.1:\(port)/r/\(room.code)/host' width=400 height=600></iframe>",
                status: .ok, contentType: "text/html; charset=utf-8")
        }
        try await FakeServiceServer.run(framer) { base in
            let browser = try await HeadlessChromium.launch()
            defer { browser.close() }
            let page = try await browser.open(base + "/")
            _ = try await page.waitFor("document.readyState === 'complete'", as: Bool.self)
            try await Task.sleep(for: .milliseconds(500))  // the frame's own load settles after the parent's
            struct Tree: Decodable {
                struct Frame: Decodable { var url: String; var unreachableUrl: String? }
                struct Node: Decodable { var frame: Frame; var childFrames: [Node]? }
                var frameTree: Node
            }
            let hostPage = "http://127.0.0.1:\(port)/r/\(room.code)/host"
            // The frame's own load settles after its parent's.
            let child = await Poll.value(timeout: .seconds(10), interval: .milliseconds(100)) { () -> Tree.Frame? in
                guard let data = try? await page.send("Page.getFrameTree"), let tree = try? JSONDecoder().decode(Tree.self, from: data),
                    let frame = tree.frameTree.childFrames?.first?.frame,
                    // A frame still navigating shows an empty URL first (seen on a clean clone's run).
                    !frame.url.isEmpty, frame.url != "about:blank"
                else { return nil }
                return frame
            }
            let frame = try #require(child, "the framing page has no frame")
            // Chromium leaves the frame on its error page: the host page never loads inside it.
            #expect(frame.url != hostPage && frame.unreachableUrl == hostPage, "\(frame)")
            await page.close()
        }
        await server.stop()
    }
}
