import Foundation
import NIOSSL

/// What `doctor` needs to know of a certificate: the names it is for and when it is valid.
public struct CertificateFacts: Sendable, Equatable {
    public var names: [String]
    public var notBefore: Date
    public var notAfter: Date

    public init(names: [String], notBefore: Date, notAfter: Date) {
        self.names = names
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    public init(_ certificate: NIOSSLCertificate) {
        var names: [String] = []
        for name in certificate._subjectAlternativeNames() {
            let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
            switch name.nameType {
            case .dnsName: names.append(String(decoding: bytes, as: UTF8.self).lowercased())
            case .ipAddress where bytes.count == 4: names.append(bytes.map(String.init).joined(separator: "."))
            default: continue
            }
        }
        self.init(
            names: names, notBefore: Date(timeIntervalSince1970: TimeInterval(certificate.notValidBefore)),
            notAfter: Date(timeIntervalSince1970: TimeInterval(certificate.notValidAfter)))
    }

    /// Whether the certificate is for `host`: a name equal to it, or a wildcard one label deep.
    public func covers(_ host: String) -> Bool {
        let host = host.lowercased()
        return names.contains { name in
            if name == host { return true }
            guard name.hasPrefix("*."), let dot = host.firstIndex(of: ".") else { return false }
            return host[host.index(after: dot)...] == name.dropFirst(2) && !host[..<dot].isEmpty
        }
    }
}
