import Foundation
import Hummingbird
import SimulcastCore

/// The YouTube Data API v3 as documented, for the two calls a lookup makes: `search.list`
/// (`/youtube/v3/search`, 100 quota units) and `videos.list` (`/youtube/v3/videos`, 1 unit).
/// It checks the `X-Goog-Api-Key` header, counts units against a daily limit and answers
/// `quotaExceeded` past it, as Google does; error bodies have Google's shape. Search titles
/// are HTML-escaped, as the real search's are (`videos.list`'s are not).
public enum FakeYouTube {
    public static let searchCost = 100
    public static let videosCost = 1
    public static let playlistItemsCost = 1

    public static func router(state: State) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/youtube/v3/search") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let refusal = await state.admit(path: "search", query: query, key: FakeRequest.header(request, named: "X-Goog-Api-Key"), cost: searchCost) {
                return refusal
            }
            guard query["part"] == "snippet" || query["part"] == "id", let term = query["q"] else { return error(400, reason: "badRequest") }
            try await Task.sleep(for: await state.answerDelay)
            let region = query["regionCode"] ?? "US"
            let limit = min(Int(query["maxResults"] ?? "5") ?? 5, 50)
            let embeddableOnly = query["videoEmbeddable"] == "true"
            let found = await state.search(term, region: region, embeddableOnly: embeddableOnly).prefix(limit)
            let items: [JSONValue] = found.map { video in
                [
                    "kind": "youtube#searchResult", "etag": "e",
                    "id": ["kind": "youtube#video", "videoId": .string(video.id)],
                    "snippet": [
                        "title": .string(htmlEscaped(video.title)), "channelTitle": .string(htmlEscaped(video.artists.first ?? "")),
                        "liveBroadcastContent": "none", "publishedAt": "2020-01-01T00:00:00Z",
                    ],
                ]
            }
            return FakeServiceServer.json([
                "kind": "youtube#searchListResponse", "etag": "e", "regionCode": .string(region),
                "pageInfo": ["totalResults": .int(found.count), "resultsPerPage": .int(limit)], "items": .array(items),
            ])
        }
        router.get("/youtube/v3/videos") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let refusal = await state.admit(path: "videos", query: query, key: FakeRequest.header(request, named: "X-Goog-Api-Key"), cost: videosCost) {
                return refusal
            }
            let ids = (query["id"] ?? "").split(separator: ",").map(String.init)
            guard !ids.isEmpty, ids.count <= 50 else { return error(400, reason: "badRequest") }
            var items: [JSONValue] = []
            for id in ids {
                guard let video = await state.videos.first(where: { $0.id == id }) else { continue }
                var details: JSONValue = ["duration": .string(isoDuration(video.durationMs ?? 0)), "licensedContent": true]
                if let blocked = await state.blocked[id] { details["regionRestriction"] = ["blocked": .strings(blocked.sorted())] }
                items.append([
                    "kind": "youtube#video", "etag": "e", "id": .string(id),
                    "snippet": [
                        "title": .string(video.title), "channelTitle": .string(video.artists.first ?? ""), "liveBroadcastContent": "none", "categoryId": "10",
                    ],
                    "contentDetails": details,
                    "status": ["embeddable": .bool(!(await state.notEmbeddable.contains(id))), "privacyStatus": "public", "uploadStatus": "processed"],
                ])
            }
            return FakeServiceServer.json([
                "kind": "youtube#videoListResponse", "etag": "e", "items": .array(items), "pageInfo": ["totalResults": .int(items.count)],
            ])
        }
        router.get("/youtube/v3/playlistItems") { request, _ -> Response in
            let query = FakeRequest.query(request)
            if let refusal = await state.admit(
                path: "playlistItems", query: query, key: FakeRequest.header(request, named: "X-Goog-Api-Key"), cost: playlistItemsCost)
            {
                return refusal
            }
            guard query["part"] == "contentDetails", let list = query["playlistId"] else { return error(400, reason: "badRequest") }
            guard let ids = await state.playlists[list] else { return error(404, reason: "playlistNotFound", message: "Not Found") }
            let limit = min(Int(query["maxResults"] ?? "5") ?? 5, 50)
            let items: [JSONValue] = ids.prefix(limit).map { id in
                ["kind": "youtube#playlistItem", "etag": "e", "contentDetails": ["videoId": .string(id)]]
            }
            return FakeServiceServer.json([
                "kind": "youtube#playlistItemListResponse", "etag": "e", "items": .array(items),
                "pageInfo": ["totalResults": .int(ids.count), "resultsPerPage": .int(limit)],
            ])
        }
        return router
    }

    /// What the fake holds and has seen: videos (title, the channel as the one artist, length),
    /// the units spent today and the day's limit.
    public actor State {
        public private(set) var videos: [TrackMetadata]
        public var notEmbeddable: Set<String> = []
        /// Regions each video is blocked in (ISO 3166 codes).
        public var blocked: [String: Set<String>] = [:]
        /// Playlists by id: their videos' ids, in order.
        public var playlists: [String: [String]] = [:]
        public let key: String
        public var dailyLimit: Int
        public private(set) var unitsSpent = 0
        /// Every search's `q` and `regionCode`, in order.
        public private(set) var searches: [(term: String, region: String)] = []
        public private(set) var calls = 0
        /// How long each answer takes (a network's round trip): long enough for askers on
        /// several nodes to miss the cache at once.
        public var answerDelay: Duration = .zero

        public init(videos: [TrackMetadata], key: String = "test-youtube-key", dailyLimit: Int = 10_000) {
            self.videos = videos
            self.key = key
            self.dailyLimit = dailyLimit
        }

        public func setDailyLimit(_ limit: Int) { dailyLimit = limit }
        public func addPlaylist(_ id: String, videos: [String]) { playlists[id] = videos }
        public func setAnswerDelay(_ delay: Duration) { answerDelay = delay }
        public func blockEmbedding(_ id: String) { notEmbeddable.insert(id) }
        public func block(_ id: String, in region: String) { blocked[id, default: []].insert(region.uppercased()) }
        /// Midnight Pacific: the day's units start again.
        public func resetQuotaDay() { unitsSpent = 0 }

        func admit(path: String, query: [String: String], key: String?, cost: Int) -> Response? {
            calls += 1
            guard query["key"] == nil else { return FakeYouTube.error(400, reason: "badRequest") }
            guard key == self.key else { return FakeYouTube.error(400, reason: "keyInvalid", message: "API key not valid. Please pass a valid API key.") }
            guard unitsSpent + cost <= dailyLimit else {
                return FakeYouTube.error(403, reason: "quotaExceeded", message: "The request cannot be completed because you have exceeded your quota.")
            }
            unitsSpent += cost
            if path == "search" { searches.append((query["q"] ?? "", query["regionCode"] ?? "")) }
            return nil
        }

        func search(_ term: String, region: String, embeddableOnly: Bool) -> [TrackMetadata] {
            let wanted = Set(FakeSearch.terms(term))
            return videos.filter { video in
                guard !(embeddableOnly && notEmbeddable.contains(video.id)) else { return false }
                let haystack = Set(FakeSearch.terms(([video.title] + video.artists).joined(separator: " ")))
                // YouTube's search is loose: most of the words will do.
                return wanted.isEmpty || Double(wanted.intersection(haystack).count) >= Double(wanted.count) * 0.6
            }
        }
    }

    static func error(_ code: Int, reason: String, message: String = "Bad Request") -> Response {
        FakeServiceServer.json(
            [
                "error": [
                    "code": .int(code), "message": .string(message),
                    "errors": [["message": .string(message), "domain": "youtube.quota", "reason": .string(reason)]],
                ]
            ],
            status: .init(code: code))
    }

    static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `PT3M33S` for 213,000 ms.
    static func isoDuration(_ ms: Int) -> String {
        let seconds = ms / 1_000
        guard seconds > 0 else { return "P0D" }
        let hours = seconds / 3_600
        let minutes = seconds % 3_600 / 60
        return "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (seconds % 60 > 0 ? "\(seconds % 60)S" : "")
    }
}
