import Foundation
import Hummingbird
import SimulcastCore

/// The iTunes Search API as it answers: `search` and `lookup` (by id, by album UPC) in its
/// own result format; rate limits as 403 with an empty body, like the real one.
public enum FakeITunes {
    /// Album UPC -> track ids on it (in order), for `lookup?upc=`.
    public static func router(state: FakeServiceState, albums: [String: (collectionId: Int, name: String, artist: String, trackIds: [String])] = [:]) -> Router<
        BasicRequestContext
    > {
        let router = Router()
        router.get("/search") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let fault = await state.arrive(path: "/search", query: query, authorization: nil) { return try await respond(fault) }
            let limit = Int(query["limit"] ?? "50") ?? 50
            if query["entity"] == "album" {
                let wanted = Set(FakeSearch.terms(query["term"] ?? ""))
                let matching = albums.values.filter { Set(FakeSearch.terms($0.name + " " + $0.artist)).isSuperset(of: wanted) }.sorted {
                    $0.collectionId < $1.collectionId
                }
                return results(
                    matching.prefix(limit).map {
                        [
                            "wrapperType": "collection", "collectionType": "Album", "collectionId": .int($0.collectionId), "collectionName": .string($0.name),
                            "artistName": .string($0.artist),
                        ]
                    })
            }
            var found = await state.search(query["term"] ?? "", storefront: query["country"])
            if query["attribute"] == "songTerm" {
                let wanted = FakeSearch.terms(query["term"] ?? "")
                found = found.filter { Set(FakeSearch.terms($0.title)).isSuperset(of: wanted) }
            }
            return results(Array(found.prefix(limit)).map(songResult))
        }
        router.get("/lookup") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let fault = await state.arrive(path: "/lookup", query: query, authorization: nil) { return try await respond(fault) }
            let tracks = await state.tracks
            if let upc = query["upc"] {
                guard let album = albums[upc] else { return results([]) }
                let collection: JSONValue = [
                    "wrapperType": "collection", "collectionType": "Album", "collectionId": .int(album.collectionId), "collectionName": .string(album.name),
                    "artistName": .string(album.artist),
                ]
                let songs = album.trackIds.compactMap { id in tracks.first { $0.id == id } }.map(songResult)
                return results([collection] + songs)
            }
            if query["entity"] == "song", let id = Int(query["id"] ?? ""), let album = albums.values.first(where: { $0.collectionId == id }) {
                let collection: JSONValue = [
                    "wrapperType": "collection", "collectionType": "Album", "collectionId": .int(album.collectionId), "collectionName": .string(album.name),
                    "artistName": .string(album.artist),
                ]
                return results([collection] + album.trackIds.compactMap { id in tracks.first { $0.id == id } }.map(songResult))
            }
            let ids = (query["id"] ?? "").split(separator: ",").map(String.init)
            var available: [TrackMetadata] = []
            for track in tracks where ids.contains(track.id) {
                if await state.available(track, in: query["country"]) { available.append(track) }
            }
            return results(available.map(songResult))
        }
        return router
    }

    static func results(_ items: [JSONValue]) -> Response {
        FakeServiceServer.json(["resultCount": .int(items.count), "results": .array(items)])
    }

    static func songResult(_ track: TrackMetadata) -> JSONValue {
        var result: JSONValue = [
            "wrapperType": "track", "kind": "song", "trackId": .int(Int(track.id) ?? 0), "trackName": .string(track.title),
            "artistName": .string(track.artists.joined(separator: " & ")), "trackCensoredName": .string(track.title),
            "trackExplicitness": track.explicit == true ? "explicit" : "notExplicit", "country": "USA", "currency": "USD", "isStreamable": true,
        ]
        if let album = track.album { result["collectionName"] = .string(album) }
        if let duration = track.durationMs { result["trackTimeMillis"] = .int(duration) }
        if let number = track.trackNumber { result["trackNumber"] = .int(number) }
        if let disc = track.discNumber { result["discNumber"] = .int(disc) }
        if let date = track.releaseDate { result["releaseDate"] = .string(date + "T12:00:00Z") }
        return result
    }

    static func respond(_ fault: FakeFault) async throws -> Response {
        if let response = try await fault.misbehaviour() { return response }
        switch fault {
        case .status(let status, let retryAfter):
            var headers: HTTPFields = [:]
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            return Response(status: .init(code: status), headers: headers)
        case .malformedBody: return FakeServiceServer.text("<html>Service Unavailable</html>", status: .ok, contentType: "text/html")
        case .deezerError: return FakeServiceServer.json(["resultCount": "lots"])
        case .hang, .trickle, .oversized, .garbage: return Response(status: .internalServerError)  // answered above
        }
    }
}
