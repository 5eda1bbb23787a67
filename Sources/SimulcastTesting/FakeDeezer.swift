import Foundation
import Hummingbird
import SimulcastCore

/// The Deezer public API: errors come as HTTP 200 with an `error` object, as the real one does.
public enum FakeDeezer {
    public static func router(state: FakeServiceState) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/track/:id") { request, context -> Response in
            let raw = context.parameters.get("id") ?? ""
            if let fault = await state.arrive(path: "/track", query: ["id": raw], authorization: nil) { return try await respond(fault) }
            let tracks = await state.tracks
            let track = raw.hasPrefix("isrc:") ? tracks.first { $0.isrc == String(raw.dropFirst(5)) } : tracks.first { $0.id == raw }
            guard let track else { return notFound() }
            return FakeServiceServer.json(await trackObject(track, state: state))
        }
        router.get("/search") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let fault = await state.arrive(path: "/search", query: query, authorization: nil) { return try await respond(fault) }
            let q = query["q"] ?? ""
            let limit = Int(query["limit"] ?? "25") ?? 25
            var found: [TrackMetadata]
            if let artist = field("artist", in: q), let title = field("track", in: q) {
                let artistTerms = FakeSearch.terms(artist)
                let titleTerms = FakeSearch.terms(title)
                found = await state.tracks.filter { track in
                    Set(FakeSearch.terms(track.artists.joined(separator: " "))).isSuperset(of: artistTerms)
                        && Set(FakeSearch.terms(track.title)).isSuperset(of: titleTerms)
                }
            } else {
                found = await state.search(q, storefront: nil)
            }
            var data: [JSONValue] = []
            for track in found.prefix(limit) { data.append(await trackObject(track, state: state)) }
            return FakeServiceServer.json(["data": .array(data), "total": .int(found.count)])
        }
        return router
    }

    /// The value of `name:"…"` in an advanced query.
    static func field(_ name: String, in query: String) -> String? {
        guard let start = query.range(of: "\(name):\"") else { return nil }
        let rest = query[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func trackObject(_ track: TrackMetadata, state: FakeServiceState) async -> JSONValue {
        var countries = ["DE", "FR", "GB", "US"]
        if let missing = await state.unavailable[track.id] { countries.removeAll { missing.contains($0.lowercased()) } }
        var object: JSONValue = [
            "id": .int(Int(track.id) ?? 0), "readable": true, "title": .string(track.title), "title_short": .string(track.title), "title_version": "",
            "duration": .int((track.durationMs ?? 0) / 1000), "track_position": .int(track.trackNumber ?? 1), "disk_number": .int(track.discNumber ?? 1),
            "explicit_lyrics": .bool(track.explicit ?? false), "release_date": .string(track.releaseDate ?? "2000-01-01"),
            "available_countries": .strings(countries),
            "artist": ["id": 1, "name": .string(track.artists.first ?? ""), "type": "artist"],
            "contributors": .array(track.artists.map { ["name": .string($0), "type": "artist", "role": "Main"] }),
            "album": ["id": 1, "title": .string(track.album ?? ""), "type": "album"], "type": "track",
        ]
        if let isrc = track.isrc { object["isrc"] = .string(isrc) }
        return object
    }

    static func notFound() -> Response {
        FakeServiceServer.json(["error": ["type": "DataException", "message": "no data", "code": 800]])
    }

    static func respond(_ fault: FakeFault) async throws -> Response {
        if let response = try await fault.misbehaviour() { return response }
        switch fault {
        case .status(let status, let retryAfter):
            var response = FakeServiceServer.text("", status: .init(code: status))
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        case .malformedBody: return FakeServiceServer.json(["data": [["id": "not a number"]]])
        case .deezerError(let code, let type, let message):
            return FakeServiceServer.json(["error": ["type": .string(type), "message": .string(message), "code": .int(code)]])
        case .hang, .trickle, .oversized, .garbage:
            return FakeServiceServer.text("", status: .internalServerError)  // answered above
        }
    }
}
