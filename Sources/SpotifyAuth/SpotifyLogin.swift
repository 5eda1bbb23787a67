import Catalogs
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// `simulcast login spotify`: PKCE with a loopback redirect. Opens (or prints) the
/// authorize URL, waits for Spotify to send the browser back to 127.0.0.1, exchanges the
/// code with the verifier, and saves the refresh token (0600).
public struct SpotifyLogin: Sendable {
    public var clientId: String
    public var accountsURL: String
    public var port: Int
    public var scopes: [String]
    public var store: SpotifyRefreshTokenStore
    let exchange: SpotifyCodeExchange

    public init(
        clientId: String, store: SpotifyRefreshTokenStore, accountsURL: String = "https://accounts.spotify.com", port: Int = 8898,
        scopes: [String] = SpotifyPKCE.hostScopes, transport: any HTTPTransport, clock: any LocalClock,
        logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.clientId = clientId
        self.accountsURL = accountsURL
        self.port = port
        self.scopes = scopes
        self.store = store
        self.exchange = SpotifyCodeExchange(clientId: clientId, accountsURL: accountsURL, transport: transport, clock: clock, logger: logger)
    }

    /// The redirect URI to register in the Spotify app's settings.
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// Runs the whole flow; `present` shows the user the URL (prints it, opens a browser).
    public func run(timeoutSeconds: Double = 300, present: @Sendable (String) async throws -> Void) async throws {
        var generator = SystemRandomNumberGenerator()
        let pkce = SpotifyPKCE(using: &generator)
        let receiver = try await LoopbackRedirectReceiver.start(port: port, path: "/callback")
        let url = try pkce.authorizeURL(accountsURL: accountsURL, clientId: clientId, redirectURI: redirectURI, scopes: scopes)
        let fields: [String: String]
        do {
            try await present(url)
            fields = try await receiver.waitForRedirect(timeoutSeconds: timeoutSeconds)
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
        if let error = fields["error"] { throw CatalogServiceError.notConfigured(.spotify, detail: "authorisation refused (\(error.prefix(40)))") }
        guard fields["state"] == pkce.state, let code = fields["code"] else {
            throw CatalogServiceError.notConfigured(.spotify, detail: "the redirect did not come from this login (state mismatch)")
        }
        let refresh = try await exchange.redeem(code: code, verifier: pkce.verifier, redirectURI: redirectURI)
        try store.save(.init(clientId: clientId, refreshToken: refresh))
    }
}
