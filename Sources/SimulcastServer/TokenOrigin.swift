/// Which web origin a developer token may be bound to. Browsers send `Origin` on
/// cross-origin requests (and may leave it out on same-origin GETs); a page elsewhere must
/// never get a token, so an `Origin` that is neither this server's address nor a configured
/// public origin is refused.
enum TokenOrigin {
    enum Decision: Equatable {
        case bind(String)
        case refuse(String)
    }

    static func decide(originHeader: String?, host: String?, forwardedProto: String?, publicOrigins: [String]) -> Decision {
        var allowed = publicOrigins.map(normalise)
        let scheme = forwardedProto?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "http"
        let own = host.map { normalise("\(scheme)://\($0)") }
        if let own { allowed.append(own) }
        guard let originHeader, originHeader != "null" else {
            guard let first = own ?? allowed.first else { return .refuse("no Host header and no public origin configured") }
            return .bind(first)
        }
        let origin = normalise(originHeader)
        return allowed.contains(origin) ? .bind(origin) : .refuse("origin \(String(origin.prefix(100))) is not this server's")
    }

    static func normalise(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasPrefix("http://"), text.hasSuffix(":80") { text.removeLast(3) }
        if text.hasPrefix("https://"), text.hasSuffix(":443") { text.removeLast(4) }
        return text
    }
}
