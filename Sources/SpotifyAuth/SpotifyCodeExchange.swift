import Catalogs
import Logging
import ServiceHTTP
import SimulcastCore

/// The last step of Authorization Code with PKCE: trades the code Spotify sent back, with the
/// verifier that made its challenge, for the user's refresh token. The CLI's loopback login
/// and the server's browser hosting both end here.
public struct SpotifyCodeExchange: Sendable {
    public let clientId: String
    public let accountsURL: String
    let http: ServiceHTTPClient

    public init(
        clientId: String, accountsURL: String = "https://accounts.spotify.com", transport: any HTTPTransport,
        clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.clientId = clientId
        self.accountsURL = accountsURL
        self.http = ServiceHTTPClient(service: .spotify, transport: transport, pacer: nil, retry: RetryPolicy(maximumAttempts: 1), clock: clock, logger: logger)
    }

    /// The refresh token. Spotify's 400 (a used or foreign code, a redirect URI it does not
    /// know, a verifier that does not match) is `CatalogServiceError.loginRefused`; neither
    /// the code nor the token ever appears in an error.
    public func redeem(code: String, verifier: String, redirectURI: String) async throws -> String {
        try await redeemLogin(code: code, verifier: verifier, redirectURI: redirectURI).refreshToken
    }

    /// Both tokens of the login: the refresh token to keep, and the access token of the moment
    /// (to ask who logged in).
    public func redeemLogin(code: String, verifier: String, redirectURI: String) async throws -> (refreshToken: String, accessToken: String) {
        let request = TransportRequest(
            method: "POST", url: try ServiceURL.make(accountsURL, path: "/api/token"),
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: FormEncoding.encode([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("client_id", clientId), ("code_verifier", verifier),
            ])
        )
        let response = try await http.send(request)
        if response.status == 400 {
            throw CatalogServiceError.loginRefused(.spotify, detail: "the code exchange was refused (is \(redirectURI) registered as a redirect URI?)")
        }
        try http.check(response)
        let token = try http.decode(SpotifyTokenResponse.self, from: response)
        guard let refresh = token.refreshToken else { throw CatalogServiceError.malformedResponse(.spotify, detail: "no refresh_token") }
        return (refresh, token.accessToken)
    }
}
