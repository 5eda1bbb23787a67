import Crypto
import Foundation

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
    /// The authority's name, DER-encoded, as issuer and subject of its own certificate.
    let name: [UInt8]
    public let certificatePEM: String

    public init(commonName: String = "Simulcast Test CA") throws {
        key = P256.Signing.PrivateKey()
        name = Self.distinguishedName(commonName: commonName)
        let now = Date()
        let der = try Self.certificate(
            serial: Self.randomSerial(), issuer: name, subject: name, publicKey: key.publicKey, notBefore: now.addingTimeInterval(-3600),
            notAfter: now.addingTimeInterval(86_400 * 30),
            extensions: [
                // basicConstraints: a CA, with no authority below it.
                Self.extensionField("2.5.29.19", critical: true, DERWriter.sequence(DERWriter.boolean(true), DERWriter.integer(0))),
                // keyUsage: keyCertSign (bit 5) and cRLSign (bit 6).
                Self.extensionField("2.5.29.15", critical: true, DERWriter.bitString([0x06], unusedBits: 1)),
            ], signer: key)
        certificatePEM = DERWriter.pem(der, label: "CERTIFICATE")
    }

    /// Writes `<name>.crt` (the leaf, then this authority) and `<name>.key` into `folder`; the
    /// names are DNS names (reach a loopback server as `localhost`).
    public func issue(
        names: [String], in folder: URL, fileName: String = "server", notBefore: Date = Date().addingTimeInterval(-60),
        notAfter: Date = Date().addingTimeInterval(86_400 * 20)
    ) throws -> Issued {
        let leafKey = P256.Signing.PrivateKey()
        let serial = Self.randomSerial()
        let der = try Self.certificate(
            serial: serial, issuer: name, subject: Self.distinguishedName(commonName: names.first ?? "localhost"), publicKey: leafKey.publicKey,
            notBefore: notBefore,
            notAfter: notAfter,
            extensions: [
                Self.extensionField("2.5.29.19", critical: true, DERWriter.sequence()),
                // keyUsage: digitalSignature (bit 0).
                Self.extensionField("2.5.29.15", critical: true, DERWriter.bitString([0x80], unusedBits: 7)),
                // extKeyUsage: serverAuth.
                Self.extensionField("2.5.29.37", critical: false, DERWriter.sequence(DERWriter.objectIdentifier("1.3.6.1.5.5.7.3.1"))),
                // subjectAltName: each name as a dNSName ([2] IA5String).
                Self.extensionField("2.5.29.17", critical: false, DERWriter.element(tag: 0x30, names.flatMap { DERWriter.implicit(2, Array($0.utf8)) })),
            ], signer: key)
        let certificatePath = folder.appendingPathComponent("\(fileName).crt").path
        let keyPath = folder.appendingPathComponent("\(fileName).key").path
        try (DERWriter.pem(der, label: "CERTIFICATE") + "\n" + certificatePEM + "\n").write(toFile: certificatePath, atomically: true, encoding: .utf8)
        try (leafKey.pemRepresentation + "\n").write(toFile: keyPath, atomically: true, encoding: .utf8)
        let hash = Data(SHA256.hash(data: leafKey.publicKey.derRepresentation)).base64EncodedString()
        return Issued(
            certificatePath: certificatePath, keyPath: keyPath, serialHex: serial.map { String(format: "%02x", $0) }.joined(), publicKeyHash: hash)
    }

    /// An X.509 v3 certificate (RFC 5280) signed with ECDSA P-256 and SHA-256.
    private static func certificate(
        serial: [UInt8], issuer: [UInt8], subject: [UInt8], publicKey: P256.Signing.PublicKey, notBefore: Date, notAfter: Date,
        extensions: [[UInt8]], signer: P256.Signing.PrivateKey
    ) throws -> [UInt8] {
        let ecdsaWithSHA256 = DERWriter.sequence(DERWriter.objectIdentifier("1.2.840.10045.4.3.2"))
        let toBeSigned = DERWriter.sequence(
            DERWriter.explicit(0, DERWriter.integer(2)),  // version 3
            DERWriter.integer(unsigned: serial), ecdsaWithSHA256, issuer, DERWriter.sequence(DERWriter.time(notBefore), DERWriter.time(notAfter)),
            subject, Array(publicKey.derRepresentation), DERWriter.explicit(3, DERWriter.element(tag: 0x30, extensions.flatMap { $0 })))
        let signature = try signer.signature(for: toBeSigned)
        return DERWriter.sequence(toBeSigned, ecdsaWithSHA256, DERWriter.bitString(Array(signature.derRepresentation)))
    }

    private static func distinguishedName(commonName: String) -> [UInt8] {
        DERWriter.sequence(DERWriter.set(DERWriter.sequence(DERWriter.objectIdentifier("2.5.4.3"), DERWriter.utf8String(commonName))))
    }

    private static func extensionField(_ identifier: String, critical: Bool, _ value: [UInt8]) -> [UInt8] {
        DERWriter.element(
            tag: 0x30, DERWriter.objectIdentifier(identifier) + (critical ? DERWriter.boolean(true) : []) + DERWriter.octetString(value))
    }

    /// 16 random bytes, positive and not starting with zero, as RFC 5280 asks of a serial number.
    private static func randomSerial() -> [UInt8] {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        bytes[0] = bytes[0] & 0x7F | 0x40
        return bytes
    }

    /// Writes this authority's certificate to `path` (for a client that should trust it).
    public func writeCertificate(to path: String) throws {
        try certificatePEM.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
