/// How a sealed secret is stored: "SK1", the id of the key that sealed it (`SecretsKey.id`,
/// 6 bytes, never the key), then the encrypted box. The id lets a node tell a login sealed
/// under another node's key from a damaged one without trying to open it, and lets `doctor`
/// name the key every node must share. Secrets sealed before ids were recorded have no header.
public enum SealedSecret {
    static let magic: [UInt8] = Array("SK1".utf8)
    public static let idBytes = 6

    public static func wrap(keyId: [UInt8], box: [UInt8]) -> [UInt8] {
        precondition(keyId.count == idBytes, "a key id is \(idBytes) bytes")
        return magic + keyId + box
    }

    /// The sealing key's id (hex) and the box; nil for a secret without a header.
    public static func unwrap(_ sealed: [UInt8]) -> (keyId: String, box: [UInt8])? {
        guard sealed.count > magic.count + idBytes, Array(sealed.prefix(magic.count)) == magic else { return nil }
        let id = sealed[magic.count..<magic.count + idBytes]
        return (hex(id), Array(sealed.dropFirst(magic.count + idBytes)))
    }

    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
