import Crypto
import Foundation
import Rooms

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

    /// What is at a key's path, looked at without changing anything (`doctor` shows it; `serve`
    /// acts on it). A symbolic link is judged by the file it points to.
    public enum Inspection: Sendable {
        case missing
        case unreadable(String)
        case notAKey
        /// Other users may read it: the octal mode of the file itself.
        case readableByOthers(mode: Int)
        case key(SecretsKey)
    }

    public static func inspect(path: String) -> Inspection {
        var info = stat()
        // stat follows links: a link's own mode (777) says nothing of the key's.
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .missing : .unreadable("cannot look at \(path): \(String(cString: strerror(errno)))")
        }
        let mode = Int(info.st_mode) & 0o777
        guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("\(path) is not a file (a folder?); secrets-key-file names the key file itself") }
        guard FileManager.default.isReadableFile(atPath: path), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .unreadable(
                "\(path) cannot be read by this user (uid \(getuid())); it belongs to uid \(info.st_uid) with mode \(String(mode, radix: 8)): run serve as that user, or give this user the file"
            )
        }
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32 else { return .notAKey }
        if mode & 0o077 != 0 { return .readableByOthers(mode: mode) }
        return .key(SecretsKey(key: SymmetricKey(data: bytes)))
    }

    /// Reads the key at `path`, or creates it there (0600, its folder 0700) when missing;
    /// `created` says which, so a new key can be announced loudly (a node with a fresh key
    /// cannot open the logins sealed under the others' key).
    public static func loadOrCreate(path: String) throws -> (key: SecretsKey, created: Bool) {
        switch inspect(path: path) {
        case .key(let key): return (key, false)
        case .unreadable(let why): throw Problem(description: why)
        case .notAKey:
            throw Problem(description: "\(path) is not a Simulcast secrets key (32 bytes, base64); give serve the key file its other nodes use")
        case .readableByOthers(let mode):
            throw Problem(description: "\(path) can be read by other users (mode \(String(mode, radix: 8))); chmod 600 it")
        case .missing: break
        }
        let manager = FileManager.default
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
        return (SecretsKey(key: key), true)
    }

    /// Names the key without revealing it: the first 12 hex digits of a SHA-256 over a label
    /// and the key. Nodes that share one key show one id (`simulcast doctor`, the sealed logins
    /// in the database); the id tells nothing of the key.
    public var id: String { SealedSecret.hex(idBytes) }

    var idBytes: [UInt8] {
        let digest = key.withUnsafeBytes { SHA256.hash(data: Data("simulcast secrets key id v1".utf8) + Data($0)) }
        return Array(digest.prefix(SealedSecret.idBytes))
    }

    /// The box, behind this key's id (`SealedSecret`).
    public func seal(_ plaintext: [UInt8]) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
            throw Problem(description: "sealing failed")
        }
        return SealedSecret.wrap(keyId: idBytes, box: Array(combined))
    }

    /// The plaintext, or a `Problem` when the value was sealed with another key (saying
    /// which) or altered. A value sealed before ids were recorded is opened as it is.
    public func open(_ sealed: [UInt8]) throws -> [UInt8] {
        var box = sealed
        if let wrapped = SealedSecret.unwrap(sealed) {
            guard wrapped.keyId == id else {
                throw Problem(
                    description: "a sealed secret was sealed with secrets key \(wrapped.keyId), not this server's key \(id) (another secrets-key-file)")
            }
            box = wrapped.box
        }
        do {
            return Array(try AES.GCM.open(AES.GCM.SealedBox(combined: box), using: key))
        } catch {
            throw Problem(description: "a sealed secret does not open with this server's key \(id) (another secrets-key-file, or it was altered)")
        }
    }

    /// Whether this key opens `sealed` (without keeping what it holds).
    public func opens(_ sealed: [UInt8]) -> Bool { (try? open(sealed)) != nil }
}
