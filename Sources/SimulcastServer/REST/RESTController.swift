import Catalogs
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// The REST API: the operations generated from openapi.yaml, answered from the hub and the
/// rate limiters. No handler touches a store. Refusals are `APIError`s, which
/// `RESTErrorMiddleware` renders as the document says.
struct RESTController: APIProtocol {
    let hub: RoomHub
    let metrics: ServerMetrics
    let limiters: SimulcastApplication.RateLimiters
    let lookup: RoomLookup
    let adminToken: String?
    let web: WebListenerConfiguration
    let clock: any LocalClock
    let ownOrigins: @Sendable () -> [String]
    /// Following hosts' own accounts; nil when this server does not offer it.
    let hosting: (any RoomHosting)?
    /// This server serves HTTPS itself.
    let tlsServed: Bool

    var request: RESTRequest { RESTRequest.current ?? .unknown }

    private var isAdmin: Bool {
        guard let adminToken, let token = request.bearer else { return false }
        return HostToken.verify(token, against: HostToken.hash(adminToken))
    }

    func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        guard input.query.verbose == "true" else { return .ok(.init(body: .json(.init(status: .ok)))) }
        let report = HealthReport(
            requestSecure: request.client.scheme == "https", publicOrigins: web.publicOrigins, tlsServed: tlsServed,
            appleMusic: web.appleMusicSigner != nil, spotifyLogin: web.spotifyClientId != nil, hostingOffered: hosting != nil)
        return .ok(.init(body: .json(.init(status: .ok, checks: report.checks()))))
    }

    func metrics(_ input: Operations.Metrics.Input) async throws -> Operations.Metrics.Output {
        // Loopback (a local Prometheus or an operator's curl) or the admin token.
        // Through a trusted proxy the peer is the proxy's loopback address: the client behind it decides.
        let peer = request.peerIP
        let loopback = { (address: String) in address == "127.0.0.1" || address == "::1" }
        let local = peer.map { loopback($0) && loopback(request.client.ip) } ?? true
        guard local || isAdmin else {
            throw APIError(.forbidden, code: .metricsForbidden, message: "metrics are served to loopback or with the admin token (Authorization: Bearer ...)")
        }
        return .ok(.init(body: .plainText(HTTPBody(metrics.render()))))
    }

    func createRoom(_ input: Operations.CreateRoom.Input) async throws -> Operations.CreateRoom.Output {
        let client = request.client
        guard limiters.roomCreation.take(client.ip) else {
            metrics.limitHit(.roomCreation)
            throw APIError.rateLimited("too many rooms created from your address", retryAfter: limiters.roomCreation.retryAfterSeconds(client.ip))
        }
        var hostName: String?
        if case .json(let body)? = input.body {
            switch DisplayName.normalise(body.hostName) {
            case .success(let chosen): hostName = chosen
            case .failure(let problem): throw APIError(.badRequest, code: .invalidName, message: "the host's \(problem)")
            }
        }
        let room = try await hub.createRoom(hostName: hostName)
        return .created(.init(body: .json(.init(code: room.code, hostToken: room.hostToken, webSocketPath: room.webSocketPath))))
    }

    func getRoom(_ input: Operations.GetRoom.Input) async throws -> Operations.GetRoom.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        return .ok(.init(body: .json(try WireShape.convert(await room.summary()))))
    }

    func appleMusicDeveloperToken(_ input: Operations.AppleMusicDeveloperToken.Input) async throws -> Operations.AppleMusicDeveloperToken.Output {
        guard let signer = web.appleMusicSigner else {
            throw APIError(
                .serviceUnavailable, code: .appleMusicNotConfigured,
                message: "this server has no MusicKit key (APPLE_MUSIC_KEY_ID, APPLE_MUSIC_TEAM_ID, APPLE_MUSIC_KEY_FILE)")
        }
        let decision = TokenOrigin.decide(originHeader: input.headers.origin, publicOrigins: web.publicOrigins, ownOrigins: ownOrigins())
        guard case .bind(let origin) = decision else {
            let why = if case .refuse(let why) = decision { why } else { "this origin may not have a token" }
            throw APIError(.forbidden, code: .originNotAllowed, message: why)
        }
        let client = request.client
        guard limiters.tokenMinting.take(client.ip) else {
            metrics.limitHit(.tokenMinting)
            throw APIError.rateLimited("too many developer tokens for your address", retryAfter: limiters.tokenMinting.retryAfterSeconds(client.ip))
        }
        let issuedAt = clock.now().micros / 1_000_000  // JWT times are Unix seconds
        let token = try signer.mint(issuedAt: issuedAt, lifetimeSeconds: web.developerTokenLifetimeSeconds, origins: [origin])
        return .ok(
            .init(
                headers: .init(cacheControl: .noStore),
                body: .json(.init(token: token, expiresAt: issuedAt + web.developerTokenLifetimeSeconds, origin: origin))))
    }

    func addCorrection(_ input: Operations.AddCorrection.Input) async throws -> Operations.AddCorrection.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedCorrection }
        let correction = MatchCorrection(body)
        let room = try await lookup.room(correction.room, for: request.client)
        var byHost = false
        if let token = request.bearer { byHost = await room.verifyHost(token: token) }
        let global = body.global == true
        if global, !isAdmin {
            throw APIError(
                .forbidden, code: .adminRequired, message: "a global correction needs the server's admin token; without it the correction applies to your room")
        }
        let network = NetworkPrefix.of(request.client.ip)
        guard byHost || isAdmin else {
            // A listener's: a suggestion for the host, limited per address; nobody's match changes.
            guard limiters.suggestions.take(request.client.ip) else {
                metrics.limitHit(.suggestions)
                throw APIError.rateLimited("too many suggestions from your address", retryAfter: limiters.suggestions.retryAfterSeconds(request.client.ip))
            }
            do {
                let suggestion = try await hub.suggest(correction, network: network)
                return .accepted(.init(body: .json(try WireShape.convert(suggestion))))
            } catch let refusal as CorrectionRefusal {
                throw APIError(refusal)
            }
        }
        let stored: StoredCorrection
        do {
            stored = try await hub.correct(correction, global: global, byHost: byHost, network: network)
        } catch let refusal as CorrectionRefusal {
            throw APIError(refusal)
        }
        return .created(.init(body: .json(try WireShape.convert(stored.forClients))))
    }

    func listCorrections(_ input: Operations.ListCorrections.Input) async throws -> Operations.ListCorrections.Output {
        let corrections: [StoredCorrection]
        if let raw = input.query.room {
            let room = try await lookup.room(raw, for: request.client)
            corrections = try await hub.corrections(room: room.code)
        } else {
            guard isAdmin else {
                throw APIError(.forbidden, code: .adminRequired, message: "name a room (?room=CODE), or use the admin token to list every correction")
            }
            corrections = try await hub.corrections(room: nil)
        }
        return .ok(.init(body: .json(try WireShape.convert(corrections))))
    }

    func revokeCorrection(_ input: Operations.RevokeCorrection.Input) async throws -> Operations.RevokeCorrection.Output {
        guard let id = Int(input.path.id), let correction = try await hub.correction(id: id) else {
            throw APIError(.notFound, code: .correctionNotFound, message: "there is no such correction")
        }
        var allowed = isAdmin
        if !allowed, !correction.global, let token = request.bearer, let room = try await hub.room(code: correction.room) {
            allowed = await room.verifyHost(token: token)
        }
        guard allowed else {
            throw APIError(.forbidden, code: .notAllowed, message: "a correction is revoked by its room's host (its host token) or with the admin token")
        }
        try await hub.revokeCorrection(correction)
        return .noContent(.init())
    }
}

extension RESTController {
    /// The hosting operations: the room's host token, and a server that offers hosting.
    private func hostedRoom(_ raw: String) async throws -> (room: LiveRoom, hosting: any RoomHosting, token: String) {
        let room = try await lookup.room(raw, for: request.client)
        guard let token = request.bearer, await room.verifyHost(token: token) else {
            throw APIError(.forbidden, code: .notAllowed, message: "hosting a room needs its host token (Authorization: Bearer ...)")
        }
        guard let hosting else { throw APIError(.serviceUnavailable, code: .hostingNotOffered, message: HostingRefusal.notOffered(.spotify).description) }
        return (room, hosting, token)
    }

    func getHosting(_ input: Operations.GetHosting.Input) async throws -> Operations.GetHosting.Output {
        let (room, hosting, _) = try await hostedRoom(input.path.code)
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(Self.hostingBody(try await hosting.status(room: room.code)))))
    }

    func startHosting(_ input: Operations.StartHosting.Input) async throws -> Operations.StartHosting.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedHosting }
        let authorization = HostAuthorization(
            service: MusicService(rawValue: body.service.rawValue), code: body.code, verifier: body.codeVerifier, redirectURI: body.redirectUri)
        guard authorization.fitsTheDocumentedLengths else { throw RESTErrorMiddleware.malformedHosting }
        let client = request.client
        guard limiters.hostingLogins.take(client.ip) else {
            metrics.limitHit(.hostingLogins)
            throw APIError.rateLimited("too many logins from your address; try again later", retryAfter: limiters.hostingLogins.retryAfterSeconds(client.ip))
        }
        let (room, hosting, token) = try await hostedRoom(input.path.code)
        // Counted once the token is checked, so strangers cannot spend a room's logins.
        guard limiters.hostingLoginsPerRoom.take(room.code) else {
            metrics.limitHit(.hostingLogins)
            throw APIError.rateLimited(
                "too many logins for this room; try again later", retryAfter: limiters.hostingLoginsPerRoom.retryAfterSeconds(room.code))
        }
        do {
            try await hosting.host(room: room.code, hostToken: token, authorization: authorization)
        } catch let refusal as HostingRefusal {
            throw APIError(refusal)
        }
        return .accepted(.init(body: .json(Self.hostingBody(try await hosting.status(room: room.code)))))
    }

    func stopHosting(_ input: Operations.StopHosting.Input) async throws -> Operations.StopHosting.Output {
        let (room, hosting, _) = try await hostedRoom(input.path.code)
        try await hosting.stopHosting(room: room.code)
        return .noContent(.init())
    }

    func sendReaction(_ input: Operations.SendReaction.Input) async throws -> Operations.SendReaction.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedReaction }
        let room = try await lookup.room(input.path.code, for: request.client)
        guard let token = request.bearer, await room.verifyHost(token: token) else {
            throw APIError(
                .forbidden, code: .notAllowed, message: "a reaction over REST is the host page's; it needs the host token (listeners react on their WebSocket)")
        }
        if let refusal = await room.reactAsHost(body.reaction.rawValue) {
            if refusal.code == .rateLimited { throw APIError.rateLimited(refusal.message, retryAfter: 1) }
            throw RESTErrorMiddleware.malformedReaction
        }
        return .noContent(.init())
    }

    static func hostingBody(_ status: HostingStatus) -> Components.Schemas.Hosting {
        switch status {
        case .none: .init(status: .none)
        case .starting(let service): .init(status: .starting, service: .init(rawValue: service.rawValue))
        case .following(let service): .init(status: .following, service: .init(rawValue: service.rawValue))
        case .refused(let service): .init(status: .refused, service: .init(rawValue: service.rawValue))
        case .replaced(let service): .init(status: .replaced, service: .init(rawValue: service.rawValue))
        }
    }
}

extension MatchCorrection {
    /// The correction a request names (a service this server does not know gets `no_catalog`).
    init(_ body: Components.Schemas.CorrectionRequest) {
        self.init(
            room: body.room, sourceService: MusicService(rawValue: body.sourceService), sourceId: body.sourceId,
            targetService: MusicService(rawValue: body.targetService), storefront: body.storefront, targetId: body.targetId)
    }
}
