import Rooms

/// The settings the web listener page reads from its `{{CONFIG}}` script block.
struct WebPageConfiguration: Encodable {
    var room: String
    var webSocketPath: String
    var services: [String]
    var musicKitURL: String
    var spotifySDKURL: String
    var spotifyAccountsURL: String
    var spotifyAPIURL: String
    var spotifyClientId: String?
    /// YouTube's IFrame Player API script (or a stand-in); offered when "youtube" is in `services`.
    var youtubeIFrameAPIURL: String
    var testMode: Bool
    /// The server follows a host's Spotify for rooms started in the browser.
    var hostingOffered: Bool
    /// The room's link to share (`RoomLink`), or why there is none.
    var share: RoomLink.Decision?
    /// The server's own public origins: the only other nodes a page's `?server=` may name.
    var origins: [String] = []

    enum CodingKeys: String, CodingKey {
        case room, webSocketPath, services, musicKitURL, spotifySDKURL, spotifyAccountsURL, spotifyAPIURL, spotifyClientId, youtubeIFrameAPIURL, testMode,
            hostingOffered
        case shareLink, shareRefusal, origins
    }

    // Written by hand so a missing client id is an explicit null, as the page expects.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(room, forKey: .room)
        try container.encode(webSocketPath, forKey: .webSocketPath)
        try container.encode(services, forKey: .services)
        try container.encode(musicKitURL, forKey: .musicKitURL)
        try container.encode(spotifySDKURL, forKey: .spotifySDKURL)
        try container.encode(spotifyAccountsURL, forKey: .spotifyAccountsURL)
        try container.encode(spotifyAPIURL, forKey: .spotifyAPIURL)
        try container.encode(spotifyClientId, forKey: .spotifyClientId)
        try container.encode(youtubeIFrameAPIURL, forKey: .youtubeIFrameAPIURL)
        try container.encode(testMode, forKey: .testMode)
        try container.encode(hostingOffered, forKey: .hostingOffered)
        try container.encode(origins, forKey: .origins)
        switch share {
        case .link(let url)?:
            try container.encode(url, forKey: .shareLink)
            try container.encodeNil(forKey: .shareRefusal)
        case .refused(let why)?:
            try container.encodeNil(forKey: .shareLink)
            try container.encode(why, forKey: .shareRefusal)
        case nil:
            try container.encodeNil(forKey: .shareLink)
            try container.encodeNil(forKey: .shareRefusal)
        }
    }
}
