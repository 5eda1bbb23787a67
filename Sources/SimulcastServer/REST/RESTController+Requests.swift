import Foundation
import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// Song requests over REST: a listener searches their own service; the host turns requests on
/// and answers them (host token). Listeners ask and +1 on their WebSocket.
extension RESTController {
    func searchSongs(_ input: Operations.SearchSongs.Input) async throws -> Operations.SearchSongs.Output {
        _ = try await lookup.room(input.path.code, for: request.client)
        guard let service = input.query.service.map(MusicService.init(rawValue:)) else {
            throw APIError(.unprocessableContent, code: .noCatalog, message: "name the listener's service (?service=apple-music, spotify or deezer)")
        }
        guard let asked = input.query.storefront, let storefront = Storefront.normalise(asked, for: service) else {
            throw APIError(.unprocessableContent, code: .invalidStorefront, message: "name the listener's storefront (?storefront=us, a country code)")
        }
        let term = (input.query.q ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(term.count) else {
            throw APIError(.badRequest, code: .malformedSearch, message: "search for 1 to 100 characters (?q=…)")
        }
        let client = request.client
        guard limiters.requestSearches.take(client.ip) else {
            metrics.limitHit(.requestSearches)
            throw APIError.rateLimited("too many searches from your address", retryAfter: limiters.requestSearches.retryAfterSeconds(client.ip))
        }
        let found: [TrackMetadata]?
        do {
            found = try await hub.searchSongs(term, on: service, storefront: storefront)
        } catch {
            throw APIError(.badGateway, code: .catalogUnavailable, message: "\(service.displayName) could not be searched just now; try again")
        }
        guard let found else { throw APIError(.unprocessableContent, code: .noCatalog, message: "this server cannot search \(service.displayName)") }
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(.init(tracks: found.prefix(10).map(Components.Schemas.Track.init)))))
    }

    func setRequestPolicy(_ input: Operations.SetRequestPolicy.Input) async throws -> Operations.SetRequestPolicy.Output {
        guard case .json(let body) = input.body, let policy = RequestPolicy(rawValue: body.policy.rawValue) else {
            throw RESTErrorMiddleware.malformedRequestPolicy
        }
        let room = try await hostsRoom(input.path.code)
        guard await room.setRequestPolicy(policy) else { throw Self.requestsNotSaved }
        return .ok(.init(body: .json(.init(policy: body.policy))))
    }

    func answerRequest(_ input: Operations.AnswerRequest.Input) async throws -> Operations.AnswerRequest.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedRequestAnswer }
        let room = try await hostsRoom(input.path.code)
        do {
            guard try await room.answerRequest(input.path.id, accept: body.answer == .accept) else { throw Self.requestsNotSaved }
        } catch let refusal as SongRequestRefusal {
            switch refusal {
            case .unknownRequest: throw APIError(.notFound, code: .requestNotFound, message: "no such request in this room (it may have finished)")
            default: throw APIError(.conflict, code: .requestAnswered, message: refusal.wireError.message)
            }
        }
        return .noContent(.init())
    }

    /// The room, when the request carries its host token.
    func hostsRoom(_ code: String) async throws -> LiveRoom {
        let room = try await lookup.room(code, for: request.client)
        guard let token = request.bearer, await room.verifyHost(token: token) else {
            throw APIError(.forbidden, code: .notAllowed, message: "only the host may do this; it needs the room's host token")
        }
        return room
    }

    static let requestsNotSaved = APIError(.serviceUnavailable, code: .notAllowed, message: "the room could not be saved just now; try again")
}
