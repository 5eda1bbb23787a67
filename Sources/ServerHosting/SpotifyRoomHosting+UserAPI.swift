import Catalogs
import Logging
import ServiceHTTP
import SimulcastCore
import SpotifyAuth

extension SpotifyRoomHosting.Configuration {
    /// A followed user's Web API: their access token kept fresh from the login's refresh token
    /// (a rotated one is sealed with `key` and handed to `save` at once, so a restart resumes
    /// with the newest), each request once (a follower polls again soon), paced with every
    /// other login this node follows.
    func userAPI<Login: SealedLogin>(
        login: Login, key: SecretsKey, save: @escaping @Sendable ([UInt8]) async throws -> Void, pacer: RequestPacer, transport: any HTTPTransport,
        clock: any LocalClock, logger: Logger
    ) -> SpotifyClient {
        let tokens = SpotifyUserTokenProvider(
            clientId: clientId, refreshToken: login.refreshToken, onRotated: { try await save(try login.rotated(to: $0, with: key)) },
            accountsURL: accountsURL, transport: transport, clock: clock, logger: logger)
        return SpotifyClient(
            token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: apiURL, transport: transport,
            retry: RetryPolicy(maximumAttempts: 1), pacer: pacer, clock: clock, logger: logger)
    }
}
