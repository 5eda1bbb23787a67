import Crypto
import Foundation

/// One file the browser downloads (a module, a style sheet), ready to send: its bytes, the
/// same gzipped, and a validator, so a return visit costs a 304 or nothing at all.
struct WebStaticFile: Sendable {
    let contentType: String
    let bytes: [UInt8]
    /// nil when gzip would not make it smaller.
    let gzipped: [UInt8]?
    /// A strong entity tag: the first 16 hex digits of the content's SHA-256, quoted.
    let entityTag: String

    init(contentType: String, text: String) {
        self.contentType = contentType
        let plain = Array(text.utf8)
        bytes = plain
        gzipped = Gzip.compress(plain).flatMap { $0.count < plain.count ? $0 : nil }
        entityTag = "\"" + Self.digest(plain).prefix(16) + "\""
    }

    /// The content's SHA-256 in hex.
    static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether a request's `If-None-Match` names this content (a list, or `*`).
    func isNamed(byIfNoneMatch header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == entityTag || trimmed == "W/" + entityTag
        }
    }
}
