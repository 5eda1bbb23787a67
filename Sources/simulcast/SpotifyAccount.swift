import ArgumentParser
import Catalogs
import Logging
import ServiceHTTP
import SimulcastCore
import SpotifyAuth

/// A Spotify account signed in with `simulcast login spotify`: the host's player (`host
/// --source spotify`) or a listener's devices (`listen --player spotify-connect`).
enum SpotifyAccount {
    /// The Web API with the saved login's user token. Calls do not retry on their own: the
    /// host source and the Connect follower keep their own pace and honour Retry-After.
    static func api(store path: String, logger: Logger) throws -> SpotifyClient {
        var setup = CatalogSetup()
        setup.applyEnvironment()
        let tokens: SpotifyUserTokenProvider
        do {
            tokens = try SpotifyUserTokenProvider.fromStore(
                SpotifyRefreshTokenStore(path: path), accountsURL: setup.spotifyAccountsURL, transport: NIOHTTPTransport.live, clock: SystemClock(),
                logger: logger)
        } catch {
            throw ValidationError("\(error)")
        }
        return SpotifyClient(
            token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: setup.spotifyAPIURL,
            transport: NIOHTTPTransport.live, retry: RetryPolicy(maximumAttempts: 1), clock: SystemClock(), logger: logger)
    }
}
