import Catalogs
import Logging
import SimulcastCore
import SpotifyAuth

extension SpotifyRoomHosting.Configuration {
    /// A followed user's Web API: their access token kept fresh from the refresh token (a
    /// rotated one goes to `onRotated`, to be sealed and saved), each request once (a follower
    /// polls again soon), paced with every other login this node follows.
    func userAPI(
        refreshToken: String, onRotated: @escaping @Sendable (String) async throws -> Void, pacer: RequestPacer, transport: any HTTPTransport,
        clock: any LocalClock, logger: Logger
    ) -> SpotifyClient {
        let tokens = SpotifyUserTokenProvider(
            clientId: clientId, refreshToken: refreshToken, onRotated: onRotated, accountsURL: accountsURL, transport: transport, clock: clock, logger: logger)
        return SpotifyClient(
            token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: apiURL, transport: transport,
            retry: RetryPolicy(maximumAttempts: 1), pacer: pacer, clock: clock, logger: logger)
    }
}
