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

    /// Whether the fields keep to the documented lengths (openapi.yaml): a code of at most
    /// 1 KiB, a PKCE verifier of 43 to 128 characters (RFC 7636), a redirect address of at most
    /// 512 bytes. Checked before anything reaches the service.
    public var fitsTheDocumentedLengths: Bool {
        !code.isEmpty && code.utf8.count <= 1_024 && (43...128).contains(verifier.utf8.count) && redirectURI.utf8.count <= 512
    }
}
