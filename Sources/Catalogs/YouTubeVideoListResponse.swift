import SimulcastCore

/// `videos.list`'s answer (`youtube#videoListResponse`) with `part=snippet,contentDetails,status`:
/// each video's title, channel, length, whether it may be embedded, and where it may play.
struct YouTubeVideoListResponse: Decodable {
    struct Video: Decodable {
        struct Snippet: Decodable {
            var title: String
            var channelTitle: String?
            /// "none" for a video; "live" or "upcoming" for a stream.
            var liveBroadcastContent: String?
        }
        struct ContentDetails: Decodable {
            struct RegionRestriction: Decodable {
                var allowed: [String]?
                var blocked: [String]?
            }
            var duration: String?
            var regionRestriction: RegionRestriction?
        }
        struct Status: Decodable {
            var embeddable: Bool?
            var privacyStatus: String?
            var uploadStatus: String?
        }
        var id: String
        var snippet: Snippet?
        var contentDetails: ContentDetails?
        var status: Status?

        /// Whether a listener in `region` (ISO 3166 code) can play it in an embedded player.
        func playable(in region: String) -> Bool {
            guard status?.embeddable != false, status?.privacyStatus != "private", (snippet?.liveBroadcastContent ?? "none") == "none" else { return false }
            if let upload = status?.uploadStatus, upload != "processed" { return false }
            let code = region.uppercased()
            if let allowed = contentDetails?.regionRestriction?.allowed { return allowed.contains(code) }
            if let blocked = contentDetails?.regionRestriction?.blocked { return !blocked.contains(code) }
            return true
        }

        /// The video as a catalog track: its title, its channel as the one artist.
        func track(in region: String) -> TrackMetadata? {
            guard let snippet, playable(in: region) else { return nil }
            return TrackMetadata(
                service: .youtube, id: id, title: snippet.title, artists: snippet.channelTitle.map { [$0] } ?? [],
                durationMs: contentDetails?.duration.flatMap(YouTubeDuration.milliseconds))
        }
    }
    var items: [Video]
}
