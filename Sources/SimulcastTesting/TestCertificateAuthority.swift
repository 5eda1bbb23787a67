import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority made for one test: certificates for any names and validity, as
/// PEM files a server can be given, and what a browser needs to trust them.
public struct TestCertificateAuthority: Sendable {
    /// A certificate and its key, written as PEM files.
    public struct Issued: Sendable {
        public let certificatePath: String
        public let keyPath: String
        /// The serial number as lowercase hex, as a TLS client reads it back.
        public let serialHex: String
        /// base64(SHA-256(SubjectPublicKeyInfo)), as Chromium's
        /// `--ignore-certificate-errors-spki-list` takes it.
        public let publicKeyHash: String
    }

    let key: P256.Signing.PrivateKey
    let name: DistinguishedName
    public let certificatePEM: String

    public init(commonName: String = "Simulcast Test CA") throws {
        key = P256.Signing.PrivateKey()
        name = try DistinguishedName { CommonName(commonName) }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey), notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(86_400 * 30), issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key))
        certificatePEM = try certificate.serializeAsPEM().pemString
    }

    /// Writes `<name>.crt` (the leaf, then this authority) and `<name>.key` into `folder`; the
    /// names are DNS names (reach a loopback server as `localhost`).
    public func issue(
        names: [String], in folder: URL, fileName: String = "server", notBefore: Date = Date().addingTimeInterval(-60),
        notAfter: Date = Date().addingTimeInterval(86_400 * 20)
    ) throws -> Issued {
        let leafKey = P256.Signing.PrivateKey()
        let serial = Certificate.SerialNumber()
        let certificate = try Certificate(
            version: .v3, serialNumber: serial, publicKey: .init(leafKey.publicKey), notValidBefore: notBefore, notValidAfter: notAfter, issuer: name,
            subject: try DistinguishedName { CommonName(names.first ?? "localhost") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map { .dnsName($0) })
            },
            issuerPrivateKey: .init(key))
        let certificatePath = folder.appendingPathComponent("\(fileName).crt").path
        let keyPath = folder.appendingPathComponent("\(fileName).key").path
        try (try certificate.serializeAsPEM().pemString + "\n" + certificatePEM + "\n").write(toFile: certificatePath, atomically: true, encoding: .utf8)
        try (leafKey.pemRepresentation + "\n").write(toFile: keyPath, atomically: true, encoding: .utf8)
        let hash = Data(SHA256.hash(data: leafKey.publicKey.derRepresentation)).base64EncodedString()
        return Issued(
            certificatePath: certificatePath, keyPath: keyPath, serialHex: serial.bytes.map { String(format: "%02x", $0) }.joined(), publicKeyHash: hash)
    }

    /// Writes this authority's certificate to `path` (for a client that should trust it).
    public func writeCertificate(to path: String) throws {
        try certificatePEM.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
