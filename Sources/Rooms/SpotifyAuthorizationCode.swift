/// What Spotify's authorize page sent back to the host's browser, with the verifier the page
/// kept: enough for the server to finish the login (the code is single-use).
public struct SpotifyAuthorizationCode: Hashable, Sendable {
    public var code: String
    public var verifier: String
    public var redirectURI: String

    public init(code: String, verifier: String, redirectURI: String) {
        self.code = code
        self.verifier = verifier
        self.redirectURI = redirectURI
    }
}
