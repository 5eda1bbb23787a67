import Foundation

/// A request's `Accept-Encoding` (RFC 9110 §12.5.3), read for the one encoding we send.
enum AcceptEncoding {
    /// Whether `header` accepts gzip: named (or `*`) with a quality above zero.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
            if coding == "*" { wildcard = quality > 0 }
        }
        return wildcard ?? false
    }
}
