import Crypto
import Foundation

/// The server's key for secrets it must keep across restarts (hosts' refresh tokens): 256
/// bits in a file only its owner can read, created on first start. Sealed values are
/// AES-GCM (nonce, ciphertext and tag in one), so a stolen database alone reveals nothing
/// and a tampered value is refused rather than used.
public struct SecretsKey: Sendable {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    let key: SymmetricKey

    public init(key: SymmetricKey) { self.key = key }

    /// Reads the key at `path`, or creates it there (0600, its folder 0700) when missing.
    public static func loadOrCreate(path: String) throws -> SecretsKey {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32
            else { throw Problem(description: "\(path) is not a Simulcast secrets key (32 bytes, base64); move it away to have a new one made") }
            if let attributes = try? manager.attributesOfItem(atPath: path), let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
                throw Problem(description: "\(path) can be read by other users (mode \(String(mode, radix: 8))); chmod 600 it")
            }
            return SecretsKey(key: SymmetricKey(data: bytes))
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let key = SymmetricKey(size: .bits256)
        let text = key.withUnsafeBytes { Data($0).base64EncodedString() } + "\n"
        // Created empty with 0600 first, so the key is never readable by others, even briefly.
        guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw Problem(description: "cannot create the secrets key \(path) (is its folder writable?)")
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return SecretsKey(key: key)
    }

    public func seal(_ plaintext: [UInt8]) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
            throw Problem(description: "sealing failed")
        }
        return Array(combined)
    }

    /// The plaintext, or a `Problem` when the value was sealed with another key or altered.
    public func open(_ sealed: [UInt8]) throws -> [UInt8] {
        do {
            return Array(try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key))
        } catch {
            throw Problem(description: "a sealed secret does not open with this server's key (another --secrets-key-file?)")
        }
    }
}
