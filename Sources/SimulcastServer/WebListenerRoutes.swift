import Catalogs
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import QRCode
import Rooms
import SimulcastCore

/// The browser pages: the front page `/` (and `/join`, its form without JavaScript), the
/// listener `/r/{code}`, the host's `/r/{code}/host` (its actions need the host token, which
/// only the page's storage holds), `/r/{code}/qr.svg` (the link as a QR code) and `/web/{file}`. Its MusicKit
/// developer token comes from the REST API (`RESTController.appleMusicDeveloperToken`).
enum WebListenerRoutes {
    static func add(
        to router: Router<SimulcastApplication.Context>, web: WebListenerConfiguration, hostingOffered: Bool, trustedProxies: Set<String>,
        lookUp: @escaping @Sendable (String) async throws -> LiveRoom
    ) {
        let assets = WebAssets.load()
        let page = { @Sendable (name: String, room: String, request: Request) throws -> Response in
            let share = room.isEmpty ? nil : shareLink(code: room, request: request, web: web, trustedProxies: trustedProxies)
            return try Self.page(assets, name, room: room, web: web, hostingOffered: hostingOffered, share: share)
        }
        // The front page, and where its form goes without JavaScript.
        router.get("/") { _, _ -> Response in try frontPage(assets, error: nil, config: try configJSON(room: "", web: web, hostingOffered: hostingOffered)) }
        router.get("/join") { request, _ -> Response in
            let typed = request.uri.queryParameters.get("code") ?? ""
            guard let code = RoomCode.normalise(typed) else {
                let error =
                    typed.trimmingCharacters(in: .whitespaces).isEmpty
                    ? "Type the room code first." : "That is not a room code: ten letters and digits, like K7PQ2 MXR9T."
                return try frontPage(assets, error: error, config: try configJSON(room: "", web: web, hostingOffered: hostingOffered), status: .badRequest)
            }
            return Response(status: .seeOther, headers: [.location: "/r/\(code)", .cacheControl: "no-cache"])
        }
        router.get("/r/:code") { request, context -> Response in
            let raw = try context.parameters.require("code")
            if raw == "callback" { return try page("callback.html", "", request) }
            do { return try page("listener.html", try await lookUp(raw).code, request) } catch let error as APIError where error.code == .roomNotFound {
                return noSuchRoom(raw)
            }
        }
        // The host's page: served to anyone who knows the code (it shows nothing without the
        // host token, which its REST calls carry from the page's storage).
        router.get("/r/:code/host") { request, context -> Response in
            let raw = try context.parameters.require("code")
            do { return try page("host.html", try await lookUp(raw).code, request) } catch let error as APIError where error.code == .roomNotFound {
                return noSuchRoom(raw)
            }
        }
        // The room's link as a QR code, for the share panel (and anyone who wants to print it).
        router.get("/r/:code/qr.svg") { request, context -> Response in
            let room = try await lookUp(try context.parameters.require("code"))
            let link: String
            switch shareLink(code: room.code, request: request, web: web, trustedProxies: trustedProxies) {
            case .link(let url): link = url
            case .refused(let why): throw APIError(.forbidden, code: .originNotAllowed, message: why)
            }
            let code: QRCode
            do { code = try QRCode(text: link) } catch {
                throw APIError(.forbidden, code: .originNotAllowed, message: "the room's link is too long for a QR code (\(link.utf8.count) bytes)")
            }
            let svg = code.svg(title: "QR code of \(link)")
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-cache"], body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
        router.get("/web/:file") { _, context -> Response in
            let name = try context.parameters.require("file")
            guard let file = assets.file(name, testSDKs: web.testSDKs) else { throw HTTPError(.notFound) }
            return Response(
                status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: file.text)))
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func noSuchRoom(_ raw: String) -> Response {
        let shown = String(raw.prefix(12)).filter { $0.isLetter || $0.isNumber }
        return html(
            "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'><title>No such room</title><link rel=stylesheet href='/web/listener.css'><main><h1>No room \(shown)</h1><p>Check the code with whoever shared it; rooms are started from <a href='/'>the front page</a> or with <code>simulcast host --create</code>.</p></main>",
            status: .notFound)
    }

    /// The link this request's page shares: it came over HTTPS when this server's TLS served
    /// it or a trusted proxy says so.
    static func shareLink(code: String, request: Request, web: WebListenerConfiguration, trustedProxies: Set<String>) -> RoomLink.Decision {
        let secure = request.head.scheme == "https" || RESTRequest.current?.client.scheme == "https"
        return RoomLink.decide(code: code, publicOrigins: web.publicOrigins, requestHost: request.head.authority, requestSecure: secure)
    }

    static func page(
        _ assets: WebAssets, _ name: String, room: String, web: WebListenerConfiguration, hostingOffered: Bool, share: RoomLink.Decision? = nil
    ) throws -> Response {
        guard let template = assets.file(name)?.text else { throw HTTPError(.internalServerError) }
        let json = try configJSON(room: room, web: web, hostingOffered: hostingOffered, share: share)
        let text = template.replacingOccurrences(of: "{{CONFIG}}", with: json).replacingOccurrences(of: "{{ROOM}}", with: room)
        return html(text, status: .ok)
    }

    /// The page's configuration as JSON that is safe inside a `<script>` element.
    static func configJSON(room: String, web: WebListenerConfiguration, hostingOffered: Bool, share: RoomLink.Decision? = nil) throws -> String {
        var services: [String] = []
        if web.appleMusicSigner != nil { services.append(MusicService.appleMusic.rawValue) }
        services.append(MusicService.spotify.rawValue)
        let config = WebPageConfiguration(
            room: room, webSocketPath: "/v1/rooms/\(room)/ws", services: services,
            musicKitURL: web.testSDKs == nil ? web.musicKitURL : WebTestSDKs.musicKitPath,
            spotifySDKURL: web.testSDKs == nil ? web.spotifySDKURL : WebTestSDKs.spotifyPlayerPath,
            spotifyAccountsURL: web.spotifyAccountsURL, spotifyAPIURL: web.spotifyAPIURL,
            spotifyClientId: web.spotifyClientId, testMode: web.testSDKs != nil, hostingOffered: hostingOffered && web.spotifyClientId != nil,
            share: share, origins: web.publicOrigins.map(WebOrigin.normalise))
        return String(decoding: try encoder.encode(config), as: UTF8.self)
            // Inside a <script> element, "<" must not open a tag.
            .replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// `error`: a message of our own (never the typed text) shown above the button.
    static func frontPage(_ assets: WebAssets, error: String?, config: String, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let template = assets.file("index.html")?.text else { throw HTTPError(.internalServerError) }
        let text = template.replacingOccurrences(of: "{{CONFIG}}", with: config).replacingOccurrences(
            of: "{{ERROR_HIDDEN}}", with: error == nil ? " hidden" : ""
        )
        .replacingOccurrences(of: "{{ERROR}}", with: error ?? "")
        return html(text, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", HTTPField.Name("Referrer-Policy")!: "no-referrer"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
