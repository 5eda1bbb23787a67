import Catalogs
import Crypto
import Foundation
import ServiceHTTP

/// Authorization Code with PKCE for Spotify: a verifier kept here, its S256 challenge sent
/// with the authorize URL, the verifier proving the code exchange came from us.
public struct SpotifyPKCE: Sendable {
    public let verifier: String
    public let state: String

    public init<R: RandomNumberGenerator>(using generator: inout R) {
        verifier = Self.randomString(length: 64, using: &generator)
        state = Self.randomString(length: 16, using: &generator)
    }

    public init(verifier: String, state: String) {
        self.verifier = verifier
        self.state = state
    }

    public var challenge: String { Self.challenge(for: verifier) }

    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    public func authorizeURL(accountsURL: String, clientId: String, redirectURI: String, scopes: [String]) throws -> String {
        try ServiceURL.make(
            accountsURL, path: "/authorize",
            query: [
                ("client_id", clientId), ("response_type", "code"), ("redirect_uri", redirectURI),
                ("code_challenge_method", "S256"), ("code_challenge", challenge), ("scope", scopes.joined(separator: " ")), ("state", state),
            ])
    }

    /// Scopes a host needs: what is playing, the queue.
    public static let hostScopes = ["user-read-currently-playing", "user-read-playback-state"]
    /// Added to a host's login when their room takes song requests: accepted songs go into
    /// their queue (`POST /v1/me/player/queue`).
    public static let queueScope = "user-modify-playback-state"
    /// Scopes a Connect listener needs (`listen --player spotify-connect`): its devices and
    /// what they play, and starting, seeking and pausing them.
    public static let connectScopes = ["user-read-playback-state", "user-modify-playback-state"]
    /// Scopes the listener page asks for: the Web Playback SDK's (`streaming`, the account's
    /// email and country) and starting a track on its device. The page gets them from
    /// `Web/constants.js`, generated from here.
    public static let listenerScopes = ["streaming", "user-read-email", "user-read-private", "user-modify-playback-state", "user-read-playback-state"]

    static let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func randomString<R: RandomNumberGenerator>(length: Int, using generator: inout R) -> String {
        String((0..<length).map { _ in unreserved.randomElement(using: &generator)! })
    }
}
