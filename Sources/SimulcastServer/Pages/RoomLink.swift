/// The address a room's QR code and Share give out. A phone that opens a plain `http://` link
/// to another machine lands on an insecure page that can never play (EME, the microphone and
/// the wake lock are for secure origins only), so such a link is never given: the https
/// public origin when there is one (`--public-origin`), else the host the request came to when
/// it came over HTTPS, else only a loopback address (this machine's own browser). A Host
/// header is the client's word: anything but a plain `host[:port]` is refused rather than
/// drawn into a code someone will scan.
enum RoomLink {
    enum Decision: Equatable {
        case link(String)
        /// Why there is no link to give, for the page to say.
        case refused(String)
    }

    static let insecure =
        "This server is not reached over https://, so a friend who opens the link could not play music. Set it up with a certificate (tls-certificate, or Caddy in front) and public-origin set to its https:// address."

    /// - Parameter requestSecure: the request came over HTTPS (this server's TLS, or a trusted proxy's word).
    static func decide(code: String, publicOrigins: [String], requestHost: String?, requestSecure: Bool) -> Decision {
        let origins = publicOrigins.map(WebOrigin.normalise)
        if let secure = origins.first(where: { $0.hasPrefix("https://") }) { return .link(secure + "/r/" + code) }
        if let local = origins.first(where: { isLoopback(hostName(String($0.drop { $0 != "/" }.dropFirst(2)))) }) { return .link(local + "/r/" + code) }
        if !origins.isEmpty { return .refused(insecure) }
        guard let host = requestHost, isPlainHost(host) else {
            return .refused("The request's Host is not a plain host name, so the server cannot tell its own address: set public-origin.")
        }
        if requestSecure { return .link("https://\(host.lowercased())/r/\(code)") }
        guard isLoopback(hostName(host)) else { return .refused(insecure) }
        return .link("http://\(host.lowercased())/r/\(code)")
    }

    static func isPlainHost(_ host: String) -> Bool {
        (1...255).contains(host.utf8.count) && host.first != ":"
            && host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0)
            }
    }

    /// `host[:port]` without its port (and an IPv6 literal without its brackets).
    static func hostName(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<close]) }
        if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") { return String(host[..<colon]) }
        return host
    }

    /// This machine only: a browser treats these as secure even over plain HTTP.
    static func isLoopback(_ name: String) -> Bool {
        let name = name.lowercased()
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1"
            || name.hasPrefix("127.")
                && name.split(separator: ".").count == 4 && name.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }
}
