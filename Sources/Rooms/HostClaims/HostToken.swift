import Crypto
import Foundation

/// The secret that lets one client publish a room's playback. Only its SHA-256 is stored,
/// so a copy of the database does not let anyone take over a room.
public enum HostToken {
    public static func generate<R: RandomNumberGenerator>(using generator: inout R) -> String {
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares in time that does not depend on where the hashes differ.
    public static func verify(_ token: String, against storedHash: String) -> Bool {
        let candidate = Array(hash(token).utf8)
        let stored = Array(storedHash.utf8)
        guard candidate.count == stored.count else { return false }
        return zip(candidate, stored).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
