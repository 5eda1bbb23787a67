import Foundation
import NIOCore

/// Where a request goes: scheme, host and port, the key its kept-alive connections are pooled
/// under, and the request's target (path and query) on that origin.
package struct HTTPOrigin: Hashable, Sendable {
    package var secure: Bool
    /// A name or an IP address, without an IPv6 literal's brackets.
    package var host: String
    package var port: Int

    /// The `Host` header: the port only when it is not the scheme's own.
    package var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
    }

    /// The name the TLS handshake asks for and checks the certificate against; nil for an IP
    /// address, which SNI cannot carry.
    package var serverName: String? {
        (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
    }

    /// The origin and the request target of an absolute http or https URL.
    package static func parse(_ url: String) throws(HTTPConnectionError) -> (origin: HTTPOrigin, target: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = components.host, !host.isEmpty
        else { throw .invalidURL(HTTPConnectionError.redacted(url)) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let secure = scheme == "https"
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let target = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        return (HTTPOrigin(secure: secure, host: host, port: components.port ?? (secure ? 443 : 80)), target)
    }
}
