/// The address a room's QR code gives out: under the configured public origin
/// (`--public-origin`) when there is one, else under the host the request came to, when that
/// is a plain `host[:port]` (a Host header is the client's word; anything else in it is refused
/// rather than drawn into a code someone will scan).
enum RoomLink {
    static func url(code: String, publicOrigins: [String], requestHost: String?) -> String? {
        if let origin = publicOrigins.first { return TokenOrigin.normalise(origin) + "/r/" + code }
        guard let host = requestHost, isPlainHost(host) else { return nil }
        return "http://\(host.lowercased())/r/\(code)"
    }

    static func isPlainHost(_ host: String) -> Bool {
        (1...255).contains(host.utf8.count) && host.first != ":"
            && host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0)
            }
    }
}
