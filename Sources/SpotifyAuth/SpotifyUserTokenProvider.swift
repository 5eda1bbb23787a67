import Catalogs
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// A user's access token, kept fresh with the refresh token; a rotated refresh token is
/// handed to `onRotated` (the CLI's file, the server's sealed copy) to be saved.
public actor SpotifyUserTokenProvider {
    let clientId: String
    let accountsURL: String
    let onRotated: (@Sendable (String) async throws -> Void)?
    let http: ServiceHTTPClient
    let clock: any LocalClock
    private var refreshToken: String
    private var current: (token: String, expiresAt: LocalTime)?

    public init(
        clientId: String, refreshToken: String, onRotated: (@Sendable (String) async throws -> Void)? = nil,
        accountsURL: String = "https://accounts.spotify.com",
        transport: any HTTPTransport, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.clientId = clientId
        self.refreshToken = refreshToken
        self.onRotated = onRotated
        self.accountsURL = accountsURL
        self.clock = clock
        self.http = ServiceHTTPClient(service: .spotify, transport: transport, pacer: nil, clock: clock, logger: logger)
    }

    /// The saved login, if `simulcast login spotify` was run.
    public static func fromStore(
        _ store: SpotifyRefreshTokenStore, accountsURL: String = "https://accounts.spotify.com", transport: any HTTPTransport,
        clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) throws -> SpotifyUserTokenProvider {
        guard let saved = try store.load() else {
            throw CatalogServiceError.notConfigured(.spotify, detail: "not logged in; run `simulcast login spotify --client-id YOUR_CLIENT_ID`")
        }
        return SpotifyUserTokenProvider(
            clientId: saved.clientId, refreshToken: saved.refreshToken, onRotated: { try store.save(.init(clientId: saved.clientId, refreshToken: $0)) },
            accountsURL: accountsURL, transport: transport, clock: clock, logger: logger)
    }

    public func token() async throws -> String {
        let now = clock.now()
        if let current, current.expiresAt.advanced(by: -60_000_000) > now { return current.token }
        let request = TransportRequest(
            method: "POST", url: try ServiceURL.make(accountsURL, path: "/api/token"),
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: FormEncoding.encode([("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientId)])
        )
        let response = try await http.send(request)
        if response.status == 400 || response.status == 401 {
            throw CatalogServiceError.loginRefused(.spotify, detail: "the saved login was refused; run `simulcast login spotify` again")
        }
        try http.check(response)
        let decoded = try http.decode(SpotifyTokenResponse.self, from: response)
        if let rotated = decoded.refreshToken, rotated != refreshToken {
            refreshToken = rotated
            try await onRotated?(rotated)
        }
        current = (decoded.accessToken, now.advanced(by: .seconds(decoded.expiresIn)))
        return decoded.accessToken
    }

    public func invalidate() { current = nil }
}
