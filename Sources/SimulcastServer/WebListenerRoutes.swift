import Catalogs
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Rooms
import SimulcastCore

/// The browser listener: `/r/{code}` (the page), `/web/{file}` (its scripts), and
/// `GET /v1/apple-music/developer-token`, which mints a short-lived MusicKit token bound to
/// the page's origin, so the private key never leaves the server.
enum WebListenerRoutes {
    static func add(
        to router: Router<SimulcastApplication.Context>, hub: RoomHub, web: WebListenerConfiguration, clock: any LocalClock,
        ownOrigins: @escaping @Sendable () -> [String],
        mintLimit: @escaping @Sendable (Request, SimulcastApplication.Context) throws -> Void,
        lookUp: @escaping @Sendable (String, Request, SimulcastApplication.Context) async throws -> LiveRoom
    ) {
        let assets = WebAssets.load()
        router.get("/r/:code") { request, context -> Response in
            let raw = try context.parameters.require("code")
            if raw == "callback" { return try page(assets, "callback.html", room: "", web: web) }
            let room: LiveRoom
            do { room = try await lookUp(raw, request, context) } catch let error as APIError where error.code == .roomNotFound {
                let shown = String(raw.prefix(12)).filter { $0.isLetter || $0.isNumber }
                return html(
                    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>No such room</title><body style='font-family:system-ui;padding:2em'><h1>No room \(shown)</h1><p>Check the code with whoever shared it; rooms are made with <code>simulcast host --create</code>.</p>",
                    status: .notFound)
            }
            return try page(assets, "listener.html", room: room.code, web: web)
        }
        router.get("/web/:file") { _, context -> Response in
            let name = try context.parameters.require("file")
            guard let file = assets.file(name, testSDKs: web.testSDKs) else { throw HTTPError(.notFound) }
            return Response(
                status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: file.text)))
        }
        router.get("/v1/apple-music/developer-token") { request, context -> Response in
            guard let signer = web.appleMusicSigner else {
                throw APIError(
                    .serviceUnavailable, code: .appleMusicNotConfigured,
                    message: "this server has no MusicKit key (APPLE_MUSIC_KEY_ID, APPLE_MUSIC_TEAM_ID, APPLE_MUSIC_KEY_FILE)")
            }
            let decision = TokenOrigin.decide(originHeader: request.headers[.origin], publicOrigins: web.publicOrigins, ownOrigins: ownOrigins())
            guard case .bind(let origin) = decision else {
                if case .refuse(let why) = decision { throw APIError(.forbidden, code: .originNotAllowed, message: why) }
                throw HTTPError(.forbidden)
            }
            try mintLimit(request, context)
            let issuedAt = clock.now().micros / 1_000_000  // JWT times are Unix seconds
            let token = try signer.mint(issuedAt: issuedAt, lifetimeSeconds: web.developerTokenLifetimeSeconds, origins: [origin])
            let body = DeveloperTokenBody(token: token, expiresAt: issuedAt + web.developerTokenLifetimeSeconds, origin: origin)
            let data = try Self.encoder.encode(body)
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func page(_ assets: WebAssets, _ name: String, room: String, web: WebListenerConfiguration) throws -> Response {
        guard let template = assets.file(name)?.text else { throw HTTPError(.internalServerError) }
        var services: [String] = []
        if web.appleMusicSigner != nil { services.append(MusicService.appleMusic.rawValue) }
        services.append(MusicService.spotify.rawValue)
        let config = WebPageConfiguration(
            room: room, webSocketPath: "/v1/rooms/\(room)/ws", services: services,
            musicKitURL: web.testSDKs == nil ? web.musicKitURL : WebTestSDKs.musicKitPath,
            spotifySDKURL: web.testSDKs == nil ? web.spotifySDKURL : WebTestSDKs.spotifyPlayerPath,
            spotifyAccountsURL: web.spotifyAccountsURL, spotifyAPIURL: web.spotifyAPIURL,
            spotifyClientId: web.spotifyClientId, testMode: web.testSDKs != nil)
        let json = String(decoding: try encoder.encode(config), as: UTF8.self)
            // Inside a <script> element, "<" must not open a tag.
            .replacingOccurrences(of: "<", with: "\\u003c")
        let text = template.replacingOccurrences(of: "{{CONFIG}}", with: json).replacingOccurrences(of: "{{ROOM}}", with: room)
        return html(text, status: .ok)
    }

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", HTTPField.Name("Referrer-Policy")!: "no-referrer"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
