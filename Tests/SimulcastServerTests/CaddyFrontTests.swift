import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 32: the README's production recipe is the file the tests run (the run itself, with a
/// browser, is `HTTPSPageTests.aRoomBehindTheReadmesCaddyPlaysInAPageAtAnHTTPSName`).
@Suite struct CaddyFrontTests {
    static let name = "listen.simulcast.test"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var caddyfile: URL { repository.appendingPathComponent("deploy/Caddyfile") }

    @Test func theReadmeShowsTheCaddyfileTheTestsRun() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.caddyfile, encoding: .utf8)
        // The block as written in the README, its list item's indentation taken off.
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```caddyfile" }, "README.md has no ```caddyfile block")
        let indent = lines[start].prefix { $0 == " " }.count
        let end = try #require(lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" })
        let shown = lines[(start + 1)..<end].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n") + "\n"
        #expect(shown == file, "README.md must show deploy/Caddyfile verbatim in its ```caddyfile block")
    }

    /// Behind a proxy on loopback, /metrics was served to anyone (the proxy is the peer): the
    /// client the trusted proxy names decides.
    @Test func metricsBehindATrustedProxyAreNotServedToTheInternet() async throws {
        var configuration = ServerConfiguration()
        configuration.trustedProxies = ["127.0.0.1"]
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        for (forwarded, status) in [(nil, 200), ("203.0.113.5", 403), ("127.0.0.1", 200)] as [(String?, UInt)] {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics")
            if let forwarded { request.headers.add(name: "X-Forwarded-For", value: forwarded) }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status.code == status, "X-Forwarded-For \(forwarded ?? "none")")
        }
        await server.stop()
    }
}
