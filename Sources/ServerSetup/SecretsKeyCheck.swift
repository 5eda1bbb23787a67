import ServerHosting

/// The key that seals hosts' logins: there, readable by this user only, and (with several
/// nodes) the same on every node, which the key id shows without revealing the key.
public enum SecretsKeyCheck {
    static let name = "secrets key"

    /// - Parameter sealedWith: the key ids the database's sealed logins name (nil: not known).
    public static func judge(path: String, inspection: SecretsKey.Inspection, sealedWith: Set<String>? = nil) -> DoctorCheck {
        switch inspection {
        case .missing:
            return DoctorCheck(
                name, .warn, "\(path) does not exist yet; serve makes it (mode 0600) at its first start",
                fix: "with several nodes, make it once and copy the same file to every node before starting them")
        case .unreadable(let why):
            return DoctorCheck(name, .fail, why, fix: "run serve as the user that owns the key, or give that user the file (chown)")
        case .notAKey:
            return DoctorCheck(
                name, .fail, "\(path) is not a Simulcast secrets key (32 bytes, base64)",
                fix: "point secrets-key-file at the key the other nodes use; moving it away loses every sealed login")
        case .readableByOthers(let mode):
            return DoctorCheck(name, .fail, "\(path) can be read by other users (mode \(String(mode, radix: 8)))", fix: "chmod 600 \(path)")
        case .key(let key):
            if let sealedWith, !sealedWith.isEmpty, !sealedWith.contains(key.id) {
                return DoctorCheck(
                    name, .fail, "\(path) is key \(key.id), but the database's logins were sealed with \(sealedWith.sorted().joined(separator: ", "))",
                    fix: "give this node the key file the other nodes use (the same key id on every node)")
            }
            return DoctorCheck(name, .pass, "\(path), mode 600, key id \(key.id) (every node must show the same id)")
        }
    }
}
