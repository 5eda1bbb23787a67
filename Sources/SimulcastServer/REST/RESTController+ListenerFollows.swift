import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// A listener's follow from the server: their Spotify app kept in sync with the room after the
/// page closes. Only the follow's own token reads or stops it; a wrong token and no follow at
/// all answer alike.
extension RESTController {
    private var following: any RoomHosting {
        get throws {
            guard let hosting else { throw APIError(.serviceUnavailable, code: .hostingNotOffered, message: HostingRefusal.notOffered(.spotify).description) }
            return hosting
        }
    }

    private static let followNotFound = APIError(
        .notFound, code: .followNotFound, message: "the server does not follow for you in this room (the follow ended, or this is not its token)")

    func startFollowing(_ input: Operations.StartFollowing.Input) async throws -> Operations.StartFollowing.Output {
        guard case .json(let body) = input.body, (1...128).contains(body.deviceId.utf8.count), (body.name?.utf8.count ?? 0) <= 200,
            let storefront = Storefront.normalise(body.storefront)
        else { throw RESTErrorMiddleware.malformedFollow }
        let authorization = HostAuthorization(
            service: MusicService(rawValue: body.service.rawValue), code: body.code, verifier: body.codeVerifier, redirectURI: body.redirectUri)
        guard authorization.fitsTheDocumentedLengths else { throw RESTErrorMiddleware.malformedFollow }
        var name: String?
        if let raw = body.name {
            switch DisplayName.normalise(raw) {
            case .success(let chosen): name = chosen
            case .failure(let problem): throw APIError(.badRequest, code: .invalidName, message: "the listener's \(problem)")
            }
        }
        let client = request.client
        guard limiters.hostingLogins.take(client.ip) else {
            metrics.limitHit(.hostingLogins)
            throw APIError.rateLimited("too many logins from your address; try again later", retryAfter: limiters.hostingLogins.retryAfterSeconds(client.ip))
        }
        let room = try await lookup.room(input.path.code, for: client)
        let following = try following
        // The room's listeners' own allowance: a stranger's failed follows never spend the host's logins.
        guard limiters.followLoginsPerRoom.take(room.code) else {
            metrics.limitHit(.hostingLogins)
            throw APIError.rateLimited(
                "too many follows for this room; try again later", retryAfter: limiters.followLoginsPerRoom.retryAfterSeconds(room.code))
        }
        let ticket: ListenerFollowTicket
        do {
            ticket = try await following.followListener(
                room: room.code,
                request: ListenerFollowRequest(authorization: authorization, deviceId: body.deviceId, storefront: storefront, name: name))
        } catch let refusal as HostingRefusal {
            throw APIError(refusal)
        }
        let status = try await following.listenerFollowStatus(room: room.code, id: ticket.id, token: ticket.token) ?? .starting(.spotify)
        return .created(
            .init(headers: .init(cacheControl: .noStore), body: .json(.init(id: ticket.id, token: ticket.token, follow: Self.followBody(status)))))
    }

    func getFollowing(_ input: Operations.GetFollowing.Input) async throws -> Operations.GetFollowing.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        // A server that does not follow for listeners has no follows to find.
        guard let hosting, let token = request.bearer, let status = try await hosting.listenerFollowStatus(room: room.code, id: input.path.id, token: token)
        else { throw Self.followNotFound }
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(Self.followBody(status))))
    }

    func stopFollowing(_ input: Operations.StopFollowing.Input) async throws -> Operations.StopFollowing.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        guard let hosting, let token = request.bearer, try await hosting.stopFollowingListener(room: room.code, id: input.path.id, token: token) else {
            throw Self.followNotFound
        }
        return .noContent(.init())
    }

    static func followBody(_ status: ListenerFollowStatus) -> Components.Schemas.Follow {
        switch status {
        case .starting(let service): .init(status: .starting, service: .init(rawValue: service.rawValue))
        case .following(let service): .init(status: .following, service: .init(rawValue: service.rawValue))
        case .refused(let service): .init(status: .refused, service: .init(rawValue: service.rawValue))
        }
    }
}
