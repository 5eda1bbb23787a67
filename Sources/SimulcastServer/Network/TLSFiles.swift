/// The server's certificate chain and private key, PEM files it reads at start and again when
/// they change (a renewal), so HTTPS keeps working without a restart.
public struct TLSFiles: Sendable, Equatable {
    public var certificatePath: String
    public var keyPath: String
    /// How often the files' modification times are looked at; SIGHUP reloads at once.
    public var reloadInterval: Duration

    public init(certificatePath: String, keyPath: String, reloadInterval: Duration = .seconds(60)) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        self.reloadInterval = reloadInterval
    }
}
