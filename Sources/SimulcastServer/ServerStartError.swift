/// Why the server cannot start as configured (a certificate it cannot serve), said plainly.
public struct ServerStartError: Error, CustomStringConvertible {
    public let description: String
}
