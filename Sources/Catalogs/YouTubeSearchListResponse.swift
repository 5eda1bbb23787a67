/// `search.list`'s answer (`youtube#searchListResponse`), as far as a lookup reads it: the
/// ids of the videos found, in YouTube's order. Titles are read from `videos.list`, whose
/// snippet is not HTML-escaped as the search's is.
struct YouTubeSearchListResponse: Decodable {
    struct Item: Decodable {
        struct Identifier: Decodable {
            var kind: String?
            var videoId: String?
        }
        var id: Identifier
    }
    var items: [Item]

    var videoIds: [String] { items.compactMap { $0.id.kind == nil || $0.id.kind == "youtube#video" ? $0.id.videoId : nil } }
}
