/// `playlistItems.list`'s answer (`youtube#playlistItemListResponse`), as far as a lookup reads
/// it: the ids of the playlist's videos, in its order.
struct YouTubePlaylistItemsResponse: Decodable {
    struct Item: Decodable {
        struct Details: Decodable {
            var videoId: String?
        }
        var contentDetails: Details?
    }
    var items: [Item]

    var videoIds: [String] { items.compactMap { $0.contentDetails?.videoId } }
}
