import ArgumentParser
import SpotifyAuth

/// `login spotify --for`: what the login will do, which sets the scopes asked for and where it
/// is kept (a host's and a listener's logins are often different accounts).
enum LoginUse: String, CaseIterable, ExpressibleByArgument {
    /// `host --source spotify`: reading what the host plays.
    case host
    /// `listen --player spotify-connect`: playing on the listener's own Spotify app.
    case listen

    var scopes: [String] {
        switch self {
        case .host: SpotifyPKCE.hostScopes
        case .listen: SpotifyPKCE.connectScopes
        }
    }

    var defaultStore: String {
        switch self {
        case .host: SpotifyRefreshTokenStore.defaultPath()
        case .listen: SpotifyRefreshTokenStore.defaultListenerPath()
        }
    }
}
