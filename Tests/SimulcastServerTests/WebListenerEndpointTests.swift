import Catalogs
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import RoomStorage
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// The page's server side, without a browser: the page, its files, and developer tokens.
@Suite struct WebListenerEndpointTests {
    static let key = P256.Signing.PrivateKey()
    static let signer = try! AppleMusicDeveloperToken(keyId: "WEBKEY1234", teamId: "TEAM123456", pem: key.pemRepresentation)

    func withApp(web: WebListenerConfiguration, _ body: @Sendable (any TestClientProtocol, String) async throws -> Void) async throws {
        let (application, hub) = try SimulcastApplication.build(
            configuration: .init(port: 0, web: web),
            dependencies: .init(
                store: InMemoryRoomStore(clock: SystemClock()), matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger))
        let code = try await hub.createRoom().code
        try await application.test(.router) { client in try await body(client, code) }
    }

    @Test func developerTokensAreShortLivedAndBoundToThePagesOrigin() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer, publicOrigins: ["https://listen.example.com"])) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://listen.example.com"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                struct Body: Decodable { var token: String; var origin: String; var expiresAt: Int64 }
                let body = try JSONDecoder().decode(Body.self, from: Data(buffer: response.body))
                #expect(body.origin == "https://listen.example.com")
                let now = Int64(Date().timeIntervalSince1970)
                #expect(DeveloperTokenCheck.isValid(body.token, publicKey: Self.key.publicKey, keyId: "WEBKEY1234", teamId: "TEAM123456", now: now))
                let claims = try #require(DeveloperTokenCheck.decode(body.token)).claims
                #expect(claims["origin"] as? [String] == ["https://listen.example.com"])
                let lifetime = ((claims["exp"] as? NSNumber)?.int64Value ?? 0) - ((claims["iat"] as? NSNumber)?.int64Value ?? 0)
                #expect(lifetime == 1800)
            }
            // Another site's page gets nothing.
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://evil.example"]) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("origin_not_allowed"))
                #expect(!String(buffer: response.body).contains("eyJ"))
            }
        }
        try await withApp(web: .init()) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("apple_music_not_configured"))
            }
        }
    }

    /// Wave 1 bound the token to whatever `Host` (and `X-Forwarded-Proto`) the caller sent,
    /// and minted as many as asked.
    @Test func theTokenOriginNeverComesFromTheCallerAndMintingIsRateLimited() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer, publicOrigins: ["https://listen.example.com"])) { client, _ in
            let forged: HTTPFields = [HTTPField.Name("Host")!: "evil.example", HTTPField.Name("X-Forwarded-Proto")!: "https"]
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: forged) { response in
                #expect(response.status == .ok)
                struct Body: Decodable { var origin: String }
                #expect((try? JSONDecoder().decode(Body.self, from: Data(buffer: response.body)))?.origin == "https://listen.example.com")
            }
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<12 {
                try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://listen.example.com"]) {
                    statuses.append($0.status)
                }
            }
            #expect(statuses.contains(.tooManyRequests))
        }
        // No configured origin and no known listening address: refused, not bound to Host.
        try await withApp(web: .init(appleMusicSigner: Self.signer)) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [HTTPField.Name("Host")!: "evil.example"]) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test func servesThePageForARoomAndSaysSoForAnUnknownOne() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer)) { client, code in
            try await client.execute(uri: "/r/\(code.lowercased())", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("\"room\":\"\(code)\""))
                #expect(html.contains("https://js-cdn.music.apple.com/musickit/v3/musickit.js"))
                #expect(html.contains("\"services\":[\"apple-music\",\"spotify\"]"))
                // The page is ES modules: one entry point, no ordered classic scripts (issue 35).
                #expect(html.contains(/<script type="module" src="\/web\/[0-9a-f]{12}\/listener.js"><\/script>/))
                #expect(!html.contains("<script src="))
            }
            // Which closes are final is the engine's list, in the pages' generated constants (issue 34).
            try await client.execute(uri: "/web/constants.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("export const FINAL_CLOSE_CODES = Object.freeze([4400, 4401, 4404, 4409, 4413]);"))
            }
            try await client.execute(uri: "/r/ZZZZ<script>", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!String(buffer: response.body).contains("<script>"))
            }
            try await client.execute(uri: "/web/sync/follow.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            }
            // Every module and stylesheet of the pages is served (a module left out of the list
            // would stop its page loading at all).
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/SimulcastServer/Web")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") }
            #expect(files.count >= 30)
            for file in files {
                try await client.execute(uri: "/web/\(file)", method: .get) { response in #expect(response.status == .ok, "\(file)") }
            }
            // The recording stand-ins exist only in test mode (and are not in the server bundle); other names never resolve.
            for path in ["/web/fake-musickit.js", "/web/..%2FPackage.swift", "/web/nothing.js"] {
                try await client.execute(uri: path, method: .get) { response in #expect(response.status == .notFound, "\(path)") }
            }
        }
    }
}
