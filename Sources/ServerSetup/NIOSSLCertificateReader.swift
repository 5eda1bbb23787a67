import NIOSSL

/// The first certificate of a PEM chain file, as `doctor` judges it.
enum NIOSSLCertificateReader {
    static func leaf(path: String) throws -> CertificateFacts? {
        try NIOSSLCertificate.fromPEMFile(path).first.map(CertificateFacts.init)
    }
}
