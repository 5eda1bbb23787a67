/// Who serves HTTPS to friends' browsers.
public enum TLSFront: String, Sendable, CaseIterable {
    /// Caddy in front gets and renews the certificate; serve listens on loopback behind it.
    case caddy
    /// serve itself, from certificate files something else renews (certbot, a company CA).
    case builtin
}
