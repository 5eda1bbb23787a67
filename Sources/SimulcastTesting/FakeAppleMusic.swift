import Crypto
import Foundation
import Hummingbird
import SimulcastCore

/// The Apple Music API's catalog endpoints. Every request's developer token is checked as
/// Apple does: an ES256 JWT with `kid` in the header, `iss`, `iat` and `exp` (at most
/// 15,777,000 s after `iat`) in the claims, signed by the key whose public half is given.
public enum FakeAppleMusic {
    public static func router(state: FakeServiceState, publicKey: P256.Signing.PublicKey, keyId: String, teamId: String, now: @escaping @Sendable () -> Int64)
        -> Router<BasicRequestContext>
    {
        let router = Router()
        router.get("/v1/catalog/:storefront/songs") { request, context -> Response in
            let query = FakeRequest.query(request)
            let storefront = context.parameters.get("storefront") ?? "us"
            if let problem = try await check(request, path: "songs", query: query, state: state, publicKey: publicKey, keyId: keyId, teamId: teamId, now: now())
            {
                return problem
            }
            var found: [TrackMetadata] = []
            let tracks = await state.tracks
            if let isrc = query["filter[isrc]"] {
                found = tracks.filter { $0.isrc == isrc }
            } else if let id = query["filter[equivalents]"], let original = tracks.first(where: { $0.id == id }) {
                // The same recording under another id in the other storefront, or itself.
                found = tracks.filter { $0.isrc != nil && $0.isrc == original.isrc && $0.id != id }
                if found.isEmpty { found = [original] }
            } else {
                return errorBody(400, title: "Invalid Parameter Value", detail: "A filter is required")
            }
            var available: [TrackMetadata] = []
            for track in found where await state.available(track, in: storefront) { available.append(track) }
            return FakeServiceServer.json(["data": .array(available.map { song($0, storefront: storefront) })])
        }
        router.get("/v1/catalog/:storefront/songs/:id") { request, context -> Response in
            let query = FakeRequest.query(request)
            let storefront = context.parameters.get("storefront") ?? "us"
            if let problem = try await check(request, path: "song", query: query, state: state, publicKey: publicKey, keyId: keyId, teamId: teamId, now: now())
            {
                return problem
            }
            let id = context.parameters.get("id") ?? ""
            guard let track = await state.tracks.first(where: { $0.id == id }), await state.available(track, in: storefront) else {
                return errorBody(404, title: "Resource Not Found", detail: "Resource with requested id was not found")
            }
            return FakeServiceServer.json(["data": [song(track, storefront: storefront)]])
        }
        router.get("/v1/catalog/:storefront/search") { request, context -> Response in
            let query = FakeRequest.query(request)
            let storefront = context.parameters.get("storefront") ?? "us"
            if let problem = try await check(
                request, path: "search", query: query, state: state, publicKey: publicKey, keyId: keyId, teamId: teamId, now: now())
            {
                return problem
            }
            let limit = Int(query["limit"] ?? "5") ?? 5
            guard limit <= 25 else { return errorBody(400, title: "Invalid Parameter Value", detail: "Value must be an integer less than or equal to 25") }
            let offset = Int(query["offset"] ?? "0") ?? 0
            let found = await state.search(query["term"] ?? "", storefront: storefront)
            let page = Array(found.dropFirst(offset).prefix(limit))
            var songs: JSONValue = [
                "href": .string("/v1/catalog/\(storefront)/search?limit=\(limit)&term=\(FormEscape.escape(query["term"] ?? ""))&types=songs"),
                "data": .array(page.map { song($0, storefront: storefront) }),
            ]
            if offset + limit < found.count {
                songs["next"] = .string(
                    "/v1/catalog/\(storefront)/search?limit=\(limit)&offset=\(offset + limit)&term=\(FormEscape.escape(query["term"] ?? ""))&types=songs")
            }
            return FakeServiceServer.json([
                "results": page.isEmpty ? [:] : ["songs": songs], "meta": ["results": ["order": ["songs"], "rawOrder": ["songs"]]],
            ])
        }
        return router
    }

    static func check(
        _ request: Request, path: String, query: [String: String], state: FakeServiceState, publicKey: P256.Signing.PublicKey, keyId: String, teamId: String,
        now: Int64
    ) async throws -> Response? {
        let authorization = FakeRequest.authorization(request)
        if let fault = await state.arrive(path: path, query: query, authorization: authorization) {
            if let response = try await fault.misbehaviour() { return response }
            switch fault {
            case .status(let status, let retryAfter):
                var response = errorBody(status, title: status == 429 ? "API Capacity Exceeded" : "Error", detail: "")
                if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            case .malformedBody, .deezerError: return FakeServiceServer.json(["data": "not a list"])
            case .hang, .trickle, .oversized, .garbage: return Response(status: .internalServerError)  // answered above
            }
        }
        guard let authorization, authorization.hasPrefix("Bearer "),
            DeveloperTokenCheck.isValid(String(authorization.dropFirst(7)), publicKey: publicKey, keyId: keyId, teamId: teamId, now: now)
        else {
            return errorBody(401, title: "Unauthorized", detail: "Authentication failed")
        }
        return nil
    }

    static func song(_ track: TrackMetadata, storefront: String) -> JSONValue {
        var attributes: JSONValue = [
            "name": .string(track.title), "artistName": .string(track.artists.joined(separator: " & ")),
            "playParams": ["id": .string(track.id), "kind": "song"],
            "url": .string("https://music.apple.com/\(storefront)/song/\(track.id)"),
        ]
        if let album = track.album { attributes["albumName"] = .string(album) }
        if let duration = track.durationMs { attributes["durationInMillis"] = .int(duration) }
        if let isrc = track.isrc { attributes["isrc"] = .string(isrc) }
        if let number = track.trackNumber { attributes["trackNumber"] = .int(number) }
        if let disc = track.discNumber { attributes["discNumber"] = .int(disc) }
        if track.explicit == true { attributes["contentRating"] = "explicit" }
        if let date = track.releaseDate { attributes["releaseDate"] = .string(date) }
        return ["id": .string(track.id), "type": "songs", "href": .string("/v1/catalog/\(storefront)/songs/\(track.id)"), "attributes": attributes]
    }

    static func errorBody(_ status: Int, title: String, detail: String) -> Response {
        FakeServiceServer.json(
            [
                "errors": [
                    [
                        "id": .string(UUID().uuidString), "title": .string(title), "detail": .string(detail), "status": .string(String(status)),
                        "code": .string("\(status)00"),
                    ]
                ]
            ],
            status: .init(code: status))
    }
}

enum FormEscape {
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
