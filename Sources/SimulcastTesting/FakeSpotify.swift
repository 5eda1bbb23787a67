import Catalogs
import Crypto
import Foundation
import Hummingbird
import ServiceHTTP
import SimulcastCore
import SpotifyAuth

/// The Spotify accounts service and Web API: client-credentials and PKCE tokens (the
/// authorize page approves at once and redirects, as if the user clicked "Agree"), tracks,
/// albums, search (limit 10 at most, as for development-mode apps), the player.
public actor FakeSpotifyAccounts {
    public let clientId: String
    public let clientSecret: String
    private var codes: [String: (challenge: String, redirectURI: String, user: String, scope: String)] = [:]
    /// What each login's tokens were granted (the authorize page's `scope`).
    private var scopes: [String: String] = [:]
    private var refreshTokens: Set<String> = []
    /// Each access token and when it was issued; it expires `accessTokenLifetime` seconds on.
    private var accessTokens: [String: Date] = [:]
    /// Whose account each login's tokens are (`/v1/me`).
    private var users: [String: String] = [:]
    /// Codes traded for tokens (`grant_type=authorization_code`), good or refused.
    public private(set) var codeExchanges = 0
    private var counter = 0
    public private(set) var issuedAccessTokens: [String] = []
    public private(set) var issuedRefreshTokens: [String] = []
    /// Seconds an access token lives (Spotify's is an hour; tests of renewal shorten it).
    public let accessTokenLifetime: Int

    public init(clientId: String, clientSecret: String, accessTokenLifetime: Int = 3600) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.accessTokenLifetime = accessTokenLifetime
    }

    func newToken(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)-\(UUID().uuidString)"
    }

    func issueAccess(user: String = "fake-user") -> String {
        let token = newToken("access")
        accessTokens[token] = Date()
        users[token] = user
        issuedAccessTokens.append(token)
        return token
    }

    /// A code as the authorize page redirects with once `user` agrees to `scope`.
    public func authorize(
        challenge: String, redirectURI: String, user: String = "fake-user", scope: String = "user-read-currently-playing user-read-playback-state"
    ) -> String {
        let code = newToken("code")
        codes[code] = (challenge, redirectURI, user, scope)
        return code
    }

    func redeem(code: String, verifier: String, redirectURI: String) -> (access: String, refresh: String, scope: String)? {
        codeExchanges += 1
        guard let entry = codes.removeValue(forKey: code), entry.redirectURI == redirectURI,
            SpotifyPKCE.challenge(for: verifier) == entry.challenge
        else { return nil }
        let refresh = newToken("refresh")
        refreshTokens.insert(refresh)
        users[refresh] = entry.user
        scopes[refresh] = entry.scope
        issuedRefreshTokens.append(refresh)
        let access = issueAccess(user: entry.user)
        scopes[access] = entry.scope
        return (access, refresh, entry.scope)
    }

    /// Whether the access token (`Bearer ...`) was granted `scope`.
    func grants(_ authorization: String?, _ scope: String) -> Bool {
        authorization.flatMap { scopes[String($0.dropFirst(7))] }?.split(separator: " ").contains(Substring(scope)) ?? false
    }

    /// Rotates the refresh token, as Spotify does for PKCE clients.
    func refresh(_ token: String) -> (access: String, refresh: String)? {
        guard refreshTokens.remove(token) != nil else { return nil }
        let user = users[token] ?? "fake-user"
        let next = newToken("refresh")
        refreshTokens.insert(next)
        users[next] = user
        scopes[next] = scopes[token]
        issuedRefreshTokens.append(next)
        let access = issueAccess(user: user)
        scopes[access] = scopes[token]
        return (access, next)
    }

    /// The user an access token (`Bearer ...`) belongs to.
    func user(_ authorization: String?) -> String {
        authorization.flatMap { users[String($0.dropFirst(7))] } ?? "fake-user"
    }

    /// Users the app's owner has not listed: a development-mode app's Web API answers them 403
    /// "User not registered in the Developer Dashboard" (Spotify's rule since February 2026).
    public private(set) var unlisted: Set<String> = []
    public func unlist(_ user: String) { unlisted.insert(user) }
    func isUnlisted(_ authorization: String?) -> Bool { unlisted.contains(user(authorization)) }

    /// A refresh token as a finished login would hold (for tests that start logged in).
    public func issueRefreshToken(scope: String? = nil) -> String {
        let token = newToken("refresh")
        refreshTokens.insert(token)
        scopes[token] = scope
        issuedRefreshTokens.append(token)
        return token
    }

    /// The user removed the app's access: every refresh token stops working.
    public func revokeRefreshTokens() { refreshTokens.removeAll() }

    /// Makes every access token issued so far expire (the next API call gets 401).
    public func expireAccessTokens() { accessTokens.removeAll() }

    func isValid(_ authorization: String?) -> Bool {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return false }
        guard let issued = accessTokens[String(authorization.dropFirst(7))] else { return false }
        return Date().timeIntervalSince(issued) < Double(accessTokenLifetime)
    }
}

public enum FakeSpotify {
    /// The user's player as `currently-playing` reports it: the position moves on while
    /// playing (on the injected clock); nil `current` answers 204 (nothing active).
    public actor Player {
        public struct State: Sendable {
            public var track: TrackMetadata?
            public var progressMs: Int
            public var isPlaying: Bool
            public var type: String
            /// When `progressMs` held.
            public var since: LocalTime
            /// Spotify's `timestamp`: the last state change (ms), not the fetch time.
            public var changedAtMs: Int64
        }

        public private(set) var state: State?
        public private(set) var queue: [TrackMetadata] = []
        let clock: any LocalClock

        public init(clock: any LocalClock = SystemClock()) {
            self.clock = clock
        }

        /// What a fetch right now would report.
        public var current: (track: TrackMetadata?, progressMs: Int, isPlaying: Bool, type: String, timestamp: Int64)? {
            guard let state else { return nil }
            var progress = state.progressMs
            if state.isPlaying { progress += Int(state.since.distance(to: clock.now()) / 1000) }
            if let duration = state.track?.durationMs { progress = min(progress, duration) }
            return (state.track, progress, state.isPlaying, state.type, state.changedAtMs)
        }

        public func set(track: TrackMetadata?, progressMs: Int, isPlaying: Bool, type: String = "track") {
            let now = clock.now()
            state = State(track: track, progressMs: progressMs, isPlaying: isPlaying, type: type, since: now, changedAtMs: now.micros / 1000)
        }

        public func pause() {
            guard let current else { return }
            set(track: current.track, progressMs: current.progressMs, isPlaying: false, type: current.type)
        }

        public func resume() {
            guard let current else { return }
            set(track: current.track, progressMs: current.progressMs, isPlaying: true, type: current.type)
        }

        public func seek(toMs position: Int) {
            guard let current else { return }
            set(track: current.track, progressMs: position, isPlaying: current.isPlaying, type: current.type)
        }

        public func setIdle() { state = nil }
        public func setQueue(_ tracks: [TrackMetadata]) { queue = tracks }

        /// Every `spotify:track:` URI added with `POST /v1/me/player/queue`, in order.
        public private(set) var queuedURIs: [String] = []

        /// `POST /v1/me/player/queue`: after what plays now; refused as Spotify does without
        /// Premium or with nothing playing. Nil when taken, else the reason.
        func addToQueue(_ track: TrackMetadata) -> String? {
            guard premium else { return "PREMIUM_REQUIRED" }
            guard state != nil else { return "NO_ACTIVE_DEVICE" }
            queuedURIs.append("spotify:track:\(track.id)")
            queue.insert(track, at: queue.firstIndex { !queuedURIs.contains("spotify:track:\($0.id)") } ?? queue.endIndex)
            return nil
        }

        /// The player moves on to the first song in its queue (the song before ended, or a skip).
        public func playNextInQueue() {
            guard !queue.isEmpty else { return }
            set(track: queue.removeFirst(), progressMs: 0, isPlaying: true)
        }

        // Spotify Connect: the account's devices, and the commands they were sent.

        /// The playlists the account made (`POST /v1/me/playlists`), their tracks as added.
        public private(set) var playlists: [(id: String, name: String, isPublic: Bool, uris: [String])] = []

        func makePlaylist(name: String, isPublic: Bool) -> String {
            let id = "playlist-\(playlists.count + 1)"
            playlists.append((id, name, isPublic, []))
            return id
        }

        func addItems(_ uris: [String], to id: String) -> Bool {
            guard let index = playlists.firstIndex(where: { $0.id == id }) else { return false }
            playlists[index].uris += uris
            return true
        }

        /// The account's open Spotify apps (`GET /v1/me/player/devices`).
        public private(set) var devices: [SpotifyConnectDevice] = []
        /// The device playing: `GET /v1/me/player` names it.
        public private(set) var activeDeviceId: String?
        /// Without Premium every command is refused with `PREMIUM_REQUIRED`.
        public private(set) var premium = true
        /// Each command as it arrived: "play spotify:track:ID at MS on DEVICE", "seek MS on
        /// DEVICE", "pause on DEVICE", "resume on DEVICE".
        public private(set) var commands: [String] = []

        public func setDevices(_ devices: [SpotifyConnectDevice]) {
            self.devices = devices
            activeDeviceId = devices.first(where: \.isActive)?.id
        }

        public func setPremium(_ premium: Bool) { self.premium = premium }

        /// An account the app's owner has not listed: a development-mode app (five users since
        /// February 2026) answers every Web API call 403, as Spotify words it.
        public private(set) var registered = true
        public func setRegistered(_ registered: Bool) { self.registered = registered }

        /// Carries out a command at once (a device with no latency); nil when refused, with the reason.
        func command(_ kind: String, deviceId: String?, track: TrackMetadata? = nil, positionMs: Int? = nil) -> String? {
            guard premium else { return "PREMIUM_REQUIRED" }
            guard let deviceId = deviceId ?? activeDeviceId, devices.contains(where: { $0.id == deviceId }) else { return "NO_ACTIVE_DEVICE" }
            activeDeviceId = deviceId
            switch kind {
            case "play":
                if let track {
                    commands.append("play spotify:track:\(track.id) at \(positionMs ?? 0) on \(deviceId)")
                    set(track: track, progressMs: positionMs ?? 0, isPlaying: true)
                } else {
                    commands.append("resume on \(deviceId)")
                    resume()
                }
            case "seek":
                commands.append("seek \(positionMs ?? 0) on \(deviceId)")
                seek(toMs: positionMs ?? 0)
            default:
                guard current?.isPlaying == true else { return "NOT_PLAYING" }
                commands.append("pause on \(deviceId)")
                pause()
            }
            return nil
        }
    }

    /// `connect`: a Connect device to stand behind the Player endpoints (the sync simulator's,
    /// with its latencies and report delays); without one, `player` answers at once.
    public static func router(
        state: FakeServiceState, accounts: FakeSpotifyAccounts, player: Player = Player(), connect: (any SpotifyConnectRemote)? = nil
    ) -> Router<BasicRequestContext> {
        let router = Router()
        // The accounts service and the Web API answer browsers too (PKCE in the page).
        router.add(middleware: CORSMiddleware(allowOrigin: .all, allowHeaders: [.authorization, .contentType], allowMethods: [.get, .post, .put]))
        router.get("/authorize") { request, _ -> Response in
            let query = FakeRequest.query(request)
            guard query["client_id"] == accounts.clientId, query["response_type"] == "code", query["code_challenge_method"] == "S256",
                let challenge = query["code_challenge"], let redirect = query["redirect_uri"], let state = query["state"]
            else { return FakeServiceServer.text("INVALID_CLIENT: Invalid client", status: .badRequest) }
            let code = await accounts.authorize(
                challenge: challenge, redirectURI: redirect,
                // A query's `+` is a space, as in a form.
                scope: query["scope"].map { $0.replacingOccurrences(of: "+", with: " ") } ?? "user-read-currently-playing user-read-playback-state")
            return Response(status: .seeOther, headers: [.location: "\(redirect)?code=\(code)&state=\(state)"])
        }
        router.post("/api/token") { request, _ -> Response in
            let form = FormEncoding.decode(try await FakeRequest.body(request))
            switch form["grant_type"] {
            case "client_credentials":
                let expected = "Basic " + Data("\(accounts.clientId):\(accounts.clientSecret)".utf8).base64EncodedString()
                guard FakeRequest.authorization(request) == expected else { return tokenError("invalid_client", "Invalid client") }
                return FakeServiceServer.json([
                    "access_token": .string(await accounts.issueAccess()), "token_type": "Bearer", "expires_in": .int(accounts.accessTokenLifetime),
                ])
            case "authorization_code":
                guard form["client_id"] == accounts.clientId, let code = form["code"], let verifier = form["code_verifier"],
                    let redirect = form["redirect_uri"],
                    let tokens = await accounts.redeem(code: code, verifier: verifier, redirectURI: redirect)
                else { return tokenError("invalid_grant", "Invalid authorization code") }
                return FakeServiceServer.json([
                    "access_token": .string(tokens.access), "token_type": "Bearer", "expires_in": .int(accounts.accessTokenLifetime),
                    "refresh_token": .string(tokens.refresh), "scope": .string(tokens.scope),
                ])
            case "refresh_token":
                guard form["client_id"] == accounts.clientId, let refresh = form["refresh_token"], let tokens = await accounts.refresh(refresh) else {
                    return tokenError("invalid_grant", "Refresh token revoked")
                }
                return FakeServiceServer.json([
                    "access_token": .string(tokens.access), "token_type": "Bearer", "expires_in": .int(accounts.accessTokenLifetime),
                    "refresh_token": .string(tokens.refresh),
                ])
            default:
                return tokenError("unsupported_grant_type", "grant_type parameter is missing")
            }
        }
        router.get("/v1/me") { request, _ -> Response in
            if let problem = try await check(request, path: "me", state: state, accounts: accounts) { return problem }
            // An account the app has not listed: every call is refused, the account's first.
            if !(await player.registered) { return apiError(403, "User not registered in the Developer Dashboard") }
            return FakeServiceServer.json(["id": .string(await accounts.user(FakeRequest.authorization(request))), "country": "US", "product": "premium"])
        }
        router.get("/v1/tracks/:id") { request, context -> Response in
            if let problem = try await check(request, path: "track", state: state, accounts: accounts) { return problem }
            let id = context.parameters.get("id") ?? ""
            guard let track = await state.tracks.first(where: { $0.id == id }) else { return apiError(404, "Non existing id: 'spotify:track:\(id)'") }
            return FakeServiceServer.json(trackObject(track))
        }
        router.get("/v1/albums/:id") { request, context -> Response in
            if let problem = try await check(request, path: "album", state: state, accounts: accounts) { return problem }
            let id = context.parameters.get("id") ?? ""
            guard let track = await state.tracks.first(where: { albumId($0) == id }) else { return apiError(404, "Non existing id") }
            return FakeServiceServer.json([
                "id": .string(id), "name": .string(track.album ?? ""), "album_type": "album", "external_ids": ["upc": .string(track.albumUPC ?? "")],
                "release_date": .string(track.releaseDate ?? "2000-01-01"), "tracks": ["items": [trackObject(track)], "total": 1],
            ])
        }
        router.get("/v1/search") { request, _ -> Response in
            if let problem = try await check(request, path: "search", state: state, accounts: accounts) { return problem }
            let query = FakeRequest.query(request)
            let limit = Int(query["limit"] ?? "10") ?? 10
            guard (1...10).contains(limit) else { return apiError(400, "Invalid limit") }
            let q = query["q"] ?? ""
            let found: [TrackMetadata]
            if q.hasPrefix("isrc:") {
                let isrc = String(q.dropFirst(5))
                found = await state.tracks.filter { $0.isrc == isrc }
            } else {
                found = await state.search(q, storefront: query["market"])
            }
            return FakeServiceServer.json([
                "tracks": [
                    "href": "", "items": .array(found.prefix(limit).map(trackObject)), "limit": .int(limit), "offset": 0, "total": .int(found.count),
                    "next": .null,
                    "previous": .null,
                ]
            ])
        }
        router.get("/v1/me/player/currently-playing") { request, _ -> Response in
            if let problem = try await check(request, path: "currently-playing", state: state, accounts: accounts) { return problem }
            guard let current = await player.current else { return Response(status: .noContent) }
            var body: JSONValue = [
                "timestamp": .int(Int(current.timestamp)), "progress_ms": .int(current.progressMs), "is_playing": .bool(current.isPlaying),
                "currently_playing_type": .string(current.type),
                "context": .null,
            ]
            body["item"] = current.type == "ad" ? .null : (current.track.map(trackObject) ?? .null)
            return FakeServiceServer.json(body)
        }
        router.get("/v1/me/player/devices") { request, _ -> Response in
            if let problem = try await check(request, path: "devices", state: state, accounts: accounts) { return problem }
            guard await player.registered else {
                return FakeServiceServer.json(
                    ["error": ["status": 403, "message": "User not registered in the Developer Dashboard"]], status: .forbidden)
            }
            if let connect {
                return try await refusing { FakeServiceServer.json(["devices": .array(try await connect.devices().map(deviceObject))]) }
            }
            return FakeServiceServer.json(["devices": .array(await player.devices.map(deviceObject))])
        }
        router.get("/v1/me/player") { request, _ -> Response in
            if let problem = try await check(request, path: "player", state: state, accounts: accounts) { return problem }
            if let connect {
                return try await refusing {
                    guard let playback = try await connect.playback().value, let id = playback.trackId else { return Response(status: .noContent) }
                    let track =
                        await state.tracks.first { $0.id == id }
                        ?? TrackMetadata(service: .spotify, id: id, title: id, artists: ["Unknown"], durationMs: 240_000)
                    let device = playback.deviceId.map { deviceObject(SpotifyConnectDevice(id: $0, name: "Spotify", kind: "Smartphone", isActive: true)) }
                    return FakeServiceServer.json([
                        "progress_ms": .int(Int(playback.progressMs)), "is_playing": .bool(playback.playing), "currently_playing_type": "track",
                        "item": trackObject(track), "device": device ?? .null, "timestamp": 0, "context": .null,
                    ])
                }
            }
            guard let current = await player.current else { return Response(status: .noContent) }
            var body: JSONValue = [
                "timestamp": .int(Int(current.timestamp)), "progress_ms": .int(current.progressMs), "is_playing": .bool(current.isPlaying),
                "currently_playing_type": .string(current.type), "context": .null, "shuffle_state": false, "repeat_state": "off",
            ]
            body["item"] = current.type == "ad" ? .null : (current.track.map(trackObject) ?? .null)
            let active = await player.activeDeviceId
            body["device"] = await player.devices.first(where: { $0.id == active }).map(deviceObject) ?? .null
            return FakeServiceServer.json(body)
        }
        for kind in ["play", "seek", "pause"] {
            router.put("/v1/me/player/\(RouterPath(stringLiteral: kind))") { request, _ -> Response in
                if let problem = try await check(request, path: kind, state: state, accounts: accounts) { return problem }
                let query = FakeRequest.query(request)
                var track: TrackMetadata?
                var position = query["position_ms"].flatMap { Int($0) }
                let body = try await FakeRequest.body(request)
                if kind == "play", !body.isEmpty {
                    guard let object = try? JSONDecoder().decode(PlayBody.self, from: Data(body.utf8)), let uri = object.uris?.first,
                        uri.hasPrefix("spotify:track:")
                    else { return apiError(400, "Malformed request") }
                    let id = String(uri.dropFirst("spotify:track:".count))
                    track =
                        await state.tracks.first { $0.id == id }
                        ?? TrackMetadata(service: .spotify, id: id, title: id, artists: ["Unknown"], durationMs: 240_000)
                    position = object.positionMs
                }
                if let connect {
                    let device = query["device_id"] ?? ""
                    return try await refusing {
                        switch (kind, track) {
                        case ("play", let track?): try await connect.play(trackId: track.id, positionMs: position ?? 0, deviceId: device)
                        case ("play", nil): try await connect.resume(deviceId: device)
                        case ("seek", _): try await connect.seek(positionMs: position ?? 0, deviceId: device)
                        default: try await connect.pause(deviceId: device)
                        }
                        return Response(status: .noContent)
                    }
                }
                if let reason = await player.command(kind, deviceId: query["device_id"], track: track, positionMs: position) {
                    let status = reason == "NO_ACTIVE_DEVICE" ? 404 : 403
                    return FakeServiceServer.json(
                        ["error": ["status": .int(status), "message": "Player command failed", "reason": .string(reason)]], status: .init(code: status))
                }
                return Response(status: .noContent)
            }
        }
        // Playlists (the February 2026 Web API): made for the current user, items 100 at a
        // time, each only with `playlist-modify-private` (or `-public` for a public one).
        router.post("/v1/me/playlists") { request, _ -> Response in
            if let problem = try await check(request, path: "playlists", state: state, accounts: accounts) { return problem }
            let body = try JSONDecoder().decode(PlaylistBody.self, from: Data(try await FakeRequest.body(request).utf8))
            let needed = body.isPublic == false ? "playlist-modify-private" : "playlist-modify-public"
            guard await accounts.grants(FakeRequest.authorization(request), needed) else { return apiError(403, "Insufficient client scope") }
            let id = await player.makePlaylist(name: body.name, isPublic: body.isPublic ?? true)
            return FakeServiceServer.json(["id": .string(id), "name": .string(body.name)], status: .created)
        }
        router.post("/v1/playlists/:id/items") { request, context -> Response in
            if let problem = try await check(request, path: "playlist-items", state: state, accounts: accounts) { return problem }
            guard await accounts.grants(FakeRequest.authorization(request), "playlist-modify-private") else {
                return apiError(403, "Insufficient client scope")
            }
            let body = try JSONDecoder().decode(PlaylistItemsBody.self, from: Data(try await FakeRequest.body(request).utf8))
            guard body.uris.count <= 100 else { return apiError(400, "Too many items, at most 100") }
            guard await player.addItems(body.uris, to: context.parameters.get("id") ?? "") else { return apiError(404, "Not found") }
            return FakeServiceServer.json(["snapshot_id": "snapshot"], status: .created)
        }
        router.post("/v1/me/player/queue") { request, _ -> Response in
            if let problem = try await check(request, path: "queue-add", state: state, accounts: accounts) { return problem }
            guard await accounts.grants(FakeRequest.authorization(request), "user-modify-playback-state") else {
                return apiError(403, "Insufficient client scope")
            }
            guard let uri = FakeRequest.query(request)["uri"], uri.hasPrefix("spotify:track:") else { return apiError(400, "Invalid uri") }
            let id = String(uri.dropFirst("spotify:track:".count))
            let track =
                await state.tracks.first { $0.id == id } ?? TrackMetadata(service: .spotify, id: id, title: id, artists: ["Unknown"], durationMs: 240_000)
            if let reason = await player.addToQueue(track) {
                let status = reason == "NO_ACTIVE_DEVICE" ? 404 : 403
                return FakeServiceServer.json(
                    ["error": ["status": .int(status), "message": "Player command failed", "reason": .string(reason)]], status: .init(code: status))
            }
            return Response(status: .noContent)
        }
        router.get("/v1/me/player/queue") { request, _ -> Response in
            if let problem = try await check(request, path: "queue", state: state, accounts: accounts) { return problem }
            let current = await player.current?.track
            return FakeServiceServer.json(["currently_playing": current.map(trackObject) ?? .null, "queue": .array(await player.queue.map(trackObject))])
        }
        return router
    }

    static func check(_ request: Request, path: String, state: FakeServiceState, accounts: FakeSpotifyAccounts) async throws -> Response? {
        let authorization = FakeRequest.authorization(request)
        if let fault = await state.arrive(path: path, query: FakeRequest.query(request), authorization: authorization) {
            if let response = try await fault.misbehaviour() { return response }
            switch fault {
            case .status(let status, let retryAfter):
                var response = apiError(status, status == 429 ? "API rate limit exceeded" : "Server error")
                if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            case .malformedBody, .deezerError: return FakeServiceServer.json(["name": 42])
            case .hang, .trickle, .oversized, .garbage: return apiError(500, "Server error")  // answered above
            }
        }
        guard await accounts.isValid(authorization) else { return apiError(401, "The access token expired") }
        if await accounts.isUnlisted(authorization) { return apiError(403, "User not registered in the Developer Dashboard") }
        return nil
    }

    /// A Connect refusal as the Web API says it: status, `reason`, and `Retry-After` on 429.
    static func refusing(_ answer: () async throws -> Response) async throws -> Response {
        do {
            return try await answer()
        } catch let refusal as SpotifyConnectRefusal {
            let (status, reason): (Int, String) =
                switch refusal {
                case .notPremium: (403, "PREMIUM_REQUIRED")
                case .noDevice: (404, "NO_ACTIVE_DEVICE")
                case .restricted: (403, "UNKNOWN")
                case .rateLimited: (429, "RATE_LIMITED")
                case .loginRefused: (401, "UNKNOWN")
                case .unreachable, .failed: (502, "UNKNOWN")
                }
            var response = FakeServiceServer.json(
                ["error": ["status": .int(status), "message": "Player command failed", "reason": .string(reason)]], status: .init(code: status))
            if case .rateLimited(let after) = refusal { response.headers[.retryAfter] = String(Int(((after ?? 1000) / 1000).rounded(.up))) }
            return response
        }
    }

    struct PlaylistBody: Decodable {
        var name: String
        var isPublic: Bool?
        enum CodingKeys: String, CodingKey {
            case name
            case isPublic = "public"
        }
    }

    struct PlaylistItemsBody: Decodable {
        var uris: [String]
    }

    struct PlayBody: Decodable {
        var uris: [String]?
        var positionMs: Int?
        enum CodingKeys: String, CodingKey {
            case uris
            case positionMs = "position_ms"
        }
    }

    static func deviceObject(_ device: SpotifyConnectDevice) -> JSONValue {
        [
            "id": .string(device.id), "is_active": .bool(device.isActive), "is_private_session": false, "is_restricted": .bool(device.isRestricted),
            "name": .string(device.name), "type": .string(device.kind), "volume_percent": 70, "supports_volume": true,
        ]
    }

    static func albumId(_ track: TrackMetadata) -> String { "album-" + track.id }

    static func trackObject(_ track: TrackMetadata) -> JSONValue {
        var object: JSONValue = [
            "id": .string(track.id), "name": .string(track.title), "type": "track", "uri": .string("spotify:track:\(track.id)"), "is_local": false,
            "artists": .array(track.artists.map { ["name": .string($0), "type": "artist"] }),
            "album": [
                "id": .string(albumId(track)), "name": .string(track.album ?? ""), "release_date": .string(track.releaseDate ?? "2000-01-01"),
                "album_type": "album",
            ],
            "duration_ms": .int(track.durationMs ?? 0), "explicit": .bool(track.explicit ?? false), "track_number": .int(track.trackNumber ?? 1),
            "disc_number": .int(track.discNumber ?? 1),
        ]
        if let isrc = track.isrc { object["external_ids"] = ["isrc": .string(isrc)] }
        return object
    }

    static func apiError(_ status: Int, _ message: String) -> Response {
        FakeServiceServer.json(["error": ["status": .int(status), "message": .string(message)]], status: .init(code: status))
    }

    static func tokenError(_ error: String, _ description: String) -> Response {
        FakeServiceServer.json(["error": .string(error), "error_description": .string(description)], status: .badRequest)
    }
}
