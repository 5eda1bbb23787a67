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
        let page = { @Sendable (name: String, room: LiveRoom?, request: Request) async throws -> Response in
            guard let room else { return try Self.page(assets, name, room: "", web: web, hostingOffered: hostingOffered) }
            let share = shareLink(code: room.code, request: request, web: web, trustedProxies: trustedProxies)
            let link: String? = if case .link(let url) = share { url } else { nil }
            let preview = RoomPreview(code: room.code, state: await room.currentState(), link: link)
            return try Self.page(assets, name, room: room.code, web: web, hostingOffered: hostingOffered, share: share, preview: preview)
        }
        let covers = CoverImages()
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
            if raw == "callback" { return try await page("callback.html", nil, request) }
            do { return try await page("listener.html", try await lookUp(raw), request) } catch let error as APIError where error.code == .roomNotFound {
                return noSuchRoom(raw)
            }
        }
        // The host's page: served to anyone who knows the code (it shows nothing without the
        // host token, which its REST calls carry from the page's storage).
        router.get("/r/:code/host") { request, context -> Response in
            let raw = try context.parameters.require("code")
            do { return try await page("host.html", try await lookUp(raw), request) } catch let error as APIError where error.code == .roomNotFound {
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
        // The picture a link preview shows when the song has no artwork: the room's own cover.
        router.get("/r/:code/card.png") { _, context -> Response in
            let room = try await lookUp(try context.parameters.require("code"))
            let size = RoomPreview.cardSize
            return Self.png(covers.png(CoverArt(seed: room.code), width: size.width, height: size.height))
        }
        // A song without artwork: a cover drawn from its name ("title\nartists"), the same for
        // every listener; the name is only hashed, and a long one is refused.
        router.get("/cover.svg") { request, _ -> Response in
            let name = request.uri.queryParameters.get("for") ?? ""
            guard name.utf8.count <= CoverArt.maximumSeedBytes else {
                throw HTTPError(.badRequest, message: "a cover's name is at most \(CoverArt.maximumSeedBytes) bytes")
            }
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(string: CoverArt(seed: name).svg(cornerRadius: 0))))
        }
        router.get("/manifest.webmanifest") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: AppIcons.manifest(startURL: "/"))))
        }
        router.get("/r/:code/manifest.webmanifest") { _, context -> Response in
            // Added to a home screen from a room's page, the icon reopens that room.
            let room = try await lookUp(try context.parameters.require("code"))
            return Response(
                status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: AppIcons.manifest(startURL: "/r/\(room.code)"))))
        }
        router.get("/favicon.ico") { _, _ -> Response in Self.png(covers.png(CoverArt(seed: nil), width: 48, height: 48)) }
        router.get("/web/**") { request, context -> Response in
            var path = context.parameters.getCatchAll().joined(separator: "/")
            // `/web/{version}/x`: this release's file, kept for a year; an older version's
            // address (a page loaded before an upgrade) gets today's file, revalidated.
            var immutable = false
            if let slash = path.firstIndex(of: "/"), path[..<slash].count == assets.version.count, path[..<slash].allSatisfy(\.isHexDigit) {
                immutable = path[..<slash] == assets.version
                path = String(path[path.index(after: slash)...])
            }
            if let icon = AppIcons.size(of: path) { return Self.png(covers.png(CoverArt(seed: nil), width: icon, height: icon)) }
            if path == AppIcons.svgName {
                return Response(
                    status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                    body: .init(byteBuffer: ByteBuffer(string: CoverArt(seed: nil).svg)))
            }
            guard let file = assets.file(path, testSDKs: web.testSDKs) else { throw HTTPError(.notFound) }
            return Self.staticFile(file, request: request, immutable: immutable && web.testSDKs?.script(named: path) == nil)
        }
    }

    /// A module or style sheet: 304 when the browser holds this content, gzipped when it
    /// accepts that.
    static func staticFile(_ file: WebStaticFile, request: Request, immutable: Bool) -> Response {
        var headers: HTTPFields = [
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache", .eTag: file.entityTag, .vary: "Accept-Encoding",
        ]
        if file.isNamed(byIfNoneMatch: request.headers[.ifNoneMatch]) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = file.contentType
        if let gzipped = file.gzipped, AcceptEncoding.acceptsGzip(request.headers[.acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: gzipped)))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func noSuchRoom(_ raw: String) -> Response {
        let shown = String(raw.prefix(12)).filter { $0.isLetter || $0.isNumber }
        return html(
            "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'><title>No such room</title><link rel=stylesheet href='/web/tokens.css'><link rel=stylesheet href='/web/base.css'><link rel=stylesheet href='/web/front.css'><main class=front><h1>No room \(shown)</h1><p>The link may have a typo, or the room has ended. Check the code with whoever shared it and type it here:</p><form class=join action='/join' method=get><label for=code>Room code</label><input id=code name=code type=text autocomplete=off autocapitalize=characters spellcheck=false maxlength=32 placeholder='K7PQ2 MXR9T' required><button type=submit class='service join-button'>Join the room</button></form><p><a href='/'>Start your own room</a></p></main>",
            status: .notFound)
    }

    /// The link this request's page shares: it came over HTTPS when this server's TLS served
    /// it or a trusted proxy says so.
    static func shareLink(code: String, request: Request, web: WebListenerConfiguration, trustedProxies: Set<String>) -> RoomLink.Decision {
        let secure = request.head.scheme == "https" || RESTRequest.current?.client.scheme == "https"
        return RoomLink.decide(code: code, publicOrigins: web.publicOrigins, requestHost: request.head.authority, requestSecure: secure)
    }

    static func page(
        _ assets: WebAssets, _ name: String, room: String, web: WebListenerConfiguration, hostingOffered: Bool, share: RoomLink.Decision? = nil,
        preview: RoomPreview? = nil
    ) throws -> Response {
        guard let template = assets.templates[name] else { throw HTTPError(.internalServerError) }
        let json = try configJSON(room: room, web: web, hostingOffered: hostingOffered, share: share)
        // Only the listener page is a room's link; the others carry the icons alone.
        // What others typed (a host's name, a song's title) goes in last, so no placeholder inside it is filled.
        let text = template.replacingOccurrences(of: "{{CONFIG}}", with: json)
            .replacingOccurrences(of: "{{ROOM_GROUPED}}", with: RoomPreview.grouped(room))
            .replacingOccurrences(of: "{{ROOM}}", with: room)
            .replacingOccurrences(of: "{{TITLE}}", with: MarkupText.escaped((preview?.headline ?? "Listen along") + " · Simulcast"))
            .replacingOccurrences(of: "{{HEADLINE}}", with: MarkupText.escaped(preview?.headline ?? "Listen along"))
            .replacingOccurrences(of: "{{HEAD}}", with: Self.roomManifest(preview?.headTags ?? RoomPreview.iconTags, room: room))
        return html(text, status: .ok)
    }

    /// A room's pages name the room's own manifest, whose start address is the room.
    static func roomManifest(_ tags: String, room: String) -> String {
        room.isEmpty ? tags : tags.replacingOccurrences(of: "href=\"/manifest.webmanifest\"", with: "href=\"/r/\(room)/manifest.webmanifest\"")
    }

    static func png(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=86400"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The page's configuration as JSON that is safe inside a `<script>` element.
    static func configJSON(room: String, web: WebListenerConfiguration, hostingOffered: Bool, share: RoomLink.Decision? = nil) throws -> String {
        var services: [String] = []
        if web.appleMusicSigner != nil { services.append(MusicService.appleMusic.rawValue) }
        services.append(MusicService.spotify.rawValue)
        if web.offersYouTube { services.append(MusicService.youtube.rawValue) }
        let config = WebPageConfiguration(
            room: room, webSocketPath: "/v1/rooms/\(room)/ws", services: services,
            musicKitURL: web.testSDKs == nil ? web.musicKitURL : WebTestSDKs.musicKitPath,
            spotifySDKURL: web.testSDKs == nil ? web.spotifySDKURL : WebTestSDKs.spotifyPlayerPath,
            spotifyAccountsURL: web.spotifyAccountsURL, spotifyAPIURL: web.spotifyAPIURL,
            spotifyClientId: web.spotifyClientId, youtubeIFrameAPIURL: web.youtubeIFrameAPIURL, testMode: web.testSDKs != nil,
            hostingOffered: hostingOffered && web.spotifyClientId != nil,
            share: share, origins: web.publicOrigins.map(WebOrigin.normalise))
        return String(decoding: try encoder.encode(config), as: UTF8.self)
            // Inside a <script> element, "<" must not open a tag.
            .replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// `error`: a message of our own (never the typed text) shown above the button.
    static func frontPage(_ assets: WebAssets, error: String?, config: String, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let template = assets.templates["index.html"] else { throw HTTPError(.internalServerError) }
        let text = template.replacingOccurrences(of: "{{CONFIG}}", with: config).replacingOccurrences(of: "{{HEAD}}", with: RoomPreview.iconTags)
            .replacingOccurrences(of: "{{ERROR_HIDDEN}}", with: error == nil ? " hidden" : "")
            .replacingOccurrences(of: "{{ERROR}}", with: error ?? "")
        return html(text, status: status)
    }

    /// Other sites learn this server's origin, never a page's path (which holds the room's
    /// code): YouTube refuses an embed whose request names no origin (error 153), and its
    /// terms ask embedders to identify themselves that way.
    static let referrerPolicy = "strict-origin-when-cross-origin"

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", HTTPField.Name("Referrer-Policy")!: referrerPolicy],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
