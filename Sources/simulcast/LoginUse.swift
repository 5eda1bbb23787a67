import ArgumentParser
import SpotifyAuth

/// `login spotify --for`: what the login will do, which sets the scopes asked for and where it
/// is kept (a host's and a listener's logins are often different accounts).
enum LoginUse: String, CaseIterable, ExpressibleByArgument {
    /// `host --source spotify`: reading what the host plays.
    case host
    /// `host --source spotify` in a room that takes song requests: also adding accepted songs
    /// to the host's queue.
    case hostWithRequests = "host-with-requests"
    /// `listen --player spotify-connect`: playing on the listener's own Spotify app.
    case listen

    var scopes: [String] {
        switch self {
        case .host: SpotifyPKCE.hostScopes
        case .hostWithRequests: SpotifyPKCE.hostScopes + [SpotifyPKCE.queueScope]
        case .listen: SpotifyPKCE.connectScopes
        }
    }

    var defaultStore: String {
        switch self {
        case .host, .hostWithRequests: SpotifyRefreshTokenStore.defaultPath()
        case .listen: SpotifyRefreshTokenStore.defaultListenerPath()
        }
    }
}
