import Crypto
import Foundation
import NIOSSL
import SimulcastServer

/// Which certificate a server serves right now, as the tests compare it.
public enum TLSProbe {
    /// The serial number (lowercase hex) of the leaf certificate served at `port` for `serverName`.
    public static func servedSerial(port: Int, serverName: String, host: String = "127.0.0.1") async throws -> String {
        try await served(port: port, serverName: serverName, host: host).serialHex
    }

    /// Whether a client limited by `client` (an older TLS version, a suite) completes a
    /// handshake with the server at `port`.
    public static func handshakes(port: Int, serverName: String, client: (inout TLSConfiguration) -> Void) async -> Bool {
        (try? await TLSPeerCertificate.fetch(host: "127.0.0.1", port: port, serverName: serverName, client: client)) != nil
    }

    /// The leaf certificate served: its serial (hex) and base64(SHA-256(SubjectPublicKeyInfo)),
    /// the form Chromium's `--ignore-certificate-errors-spki-list` takes.
    public static func served(port: Int, serverName: String, host: String = "127.0.0.1") async throws -> (serialHex: String, publicKeyHash: String) {
        let leaf = try await TLSPeerCertificate.fetch(host: host, port: port, serverName: serverName)
        let hash = Data(SHA256.hash(data: try leaf.extractPublicKey().toSPKIBytes())).base64EncodedString()
        return (leaf.serialNumber.map { String(format: "%02x", $0) }.joined(), hash)
    }
}
