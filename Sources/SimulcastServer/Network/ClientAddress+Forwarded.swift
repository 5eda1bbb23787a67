import Foundation
import HTTPTypes
import NIOCore
import Rooms

/// `X-Forwarded-For` and `X-Forwarded-Proto` are believed only from a configured trusted
/// proxy: from anyone else they are the client's own claims.
extension ClientAddress {
    /// - Parameter secure: the connection itself is TLS (this server's certificate).
    public static func resolve(peer: SocketAddress?, headers: HTTPFields, trustedProxies: Set<String>, secure: Bool = false) -> ClientAddress {
        resolve(
            peer: peer, forwardedFor: headers[values: .xForwardedFor], forwardedProto: headers[.xForwardedProto], trustedProxies: trustedProxies,
            secure: secure)
    }

    public static func resolve(
        peer: SocketAddress?, forwardedFor: [String], forwardedProto: String?, trustedProxies: Set<String>, secure: Bool = false
    ) -> ClientAddress {
        let peerIP = peer?.ipAddress ?? "unknown"
        let own = secure ? "https" : "http"
        guard trustedProxies.contains(peerIP) else { return ClientAddress(ip: peerIP, scheme: own) }
        // The right-most address that is not one of our proxies is the client.
        let chain = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        let client = chain.reversed().first { !trustedProxies.contains($0) && !$0.isEmpty } ?? peerIP
        let proto = forwardedProto?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return ClientAddress(ip: String(client.prefix(64)), scheme: proto.map { $0 == "https" ? "https" : "http" } ?? own)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
