import ArgumentParser
import Catalogs
import Foundation
import ServiceHTTP
import SimulcastCore
import SpotifyAuth

struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a service with your own app's client id (Spotify: Authorization Code with PKCE).",
        discussion:
            "Create an app at developer.spotify.com, add the redirect URI this command prints (http://127.0.0.1:PORT/callback), and pass its client id. The refresh token is saved with 0600 permissions (--store to choose where)."
    )

    @Argument(help: "The service (only spotify needs a login).")
    var service: ServiceOption

    @Option(help: "Your Spotify app's client id (or SPOTIFY_CLIENT_ID).")
    var clientId: String?

    @Option(
        name: .customLong("for"),
        help:
            "What the login is for: host (host --source spotify), host-with-requests (the same, and accepted song requests go into your queue) or listen (listen --player spotify-connect: play on your own Spotify app)."
    )
    var use = LoginUse.host

    @Option(help: "Loopback port for the redirect.")
    var port = 8898

    @Option(help: "Where to keep the refresh token.")
    var store: String?

    @Option(help: "Base URL of Spotify accounts (or SIMULCAST_SPOTIFY_ACCOUNTS_URL).")
    var accountsURL: String?

    func run() async throws {
        guard service == .spotify else { throw ValidationError("only spotify needs a login; Apple Music and Deezer catalogs need none (see README)") }
        let environment = ProcessInfo.processInfo.environment
        guard let clientId = clientId ?? environment["SPOTIFY_CLIENT_ID"] else { throw ValidationError("give --client-id (your own Spotify app's)") }
        let tokenStore = SpotifyRefreshTokenStore(path: store ?? use.defaultStore)
        let login = SpotifyLogin(
            clientId: clientId, store: tokenStore, accountsURL: accountsURL ?? environment["SIMULCAST_SPOTIFY_ACCOUNTS_URL"] ?? "https://accounts.spotify.com",
            port: port, scopes: use.scopes, transport: NIOHTTPTransport.live, clock: SystemClock())
        print("Redirect URI to register in your Spotify app: \(login.redirectURI)")
        do {
            try await login.run { url in
                print("Open this address in a browser on this machine and approve:\n\n  \(url)\n\nWaiting for the redirect…")
            }
        } catch let error as CatalogServiceError {
            throw ValidationError("\(error)")
        }
        print("Logged in. The refresh token is in \(tokenStore.path) (readable only by you).")
    }
}
