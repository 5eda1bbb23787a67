import SimulcastCore

/// What a music service's authorize page sent back to the host's browser (OAuth with PKCE),
/// with the verifier the page kept: enough for the server to finish the login (the code is
/// single-use).
public struct HostAuthorization: Hashable, Sendable {
    public var service: MusicService
    public var code: String
    public var verifier: String
    public var redirectURI: String

    public init(service: MusicService, code: String, verifier: String, redirectURI: String) {
        self.service = service
        self.code = code
        self.verifier = verifier
        self.redirectURI = redirectURI
    }
}
