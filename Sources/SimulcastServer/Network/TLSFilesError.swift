/// Why the certificate or key cannot be served, said so an operator can act on it: `serve`
/// does not start with files it cannot serve, and a renewal that fails leaves the last good
/// pair serving.
public struct TLSFilesError: Error, CustomStringConvertible {
    public let description: String
}
