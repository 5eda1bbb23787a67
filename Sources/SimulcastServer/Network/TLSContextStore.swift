import Foundation
import Logging
import NIOSSL
import Synchronization

/// The server's current TLS context. Each new connection takes the context of the moment, so
/// a renewed certificate serves new connections while open ones keep theirs. A renewal that
/// cannot be loaded (half written, a key that does not fit) leaves the last good one serving.
public final class TLSContextStore: Sendable {
    /// What identifies one version of the two files on disk.
    struct FileStamps: Equatable {
        var certificate: [Double]
        var key: [Double]
    }

    struct Loaded {
        var context: NIOSSLContext
        var stamps: FileStamps
        var serial: [UInt8]
    }

    public let files: TLSFiles
    private let loaded: Mutex<Loaded>

    /// Loads the files now: a server that cannot serve its certificate does not start.
    public init(files: TLSFiles) throws(TLSFilesError) {
        self.files = files
        loaded = Mutex(try Self.load(files))
    }

    public var context: NIOSSLContext { loaded.withLock { $0.context } }

    /// The serial number of the certificate being served, in hex (for logs).
    public var serialHex: String { loaded.withLock { $0.serial.map { String(format: "%02x", $0) }.joined() } }

    /// Loads the files again if either changed on disk. Returns true when a new certificate is
    /// now served; throws when the files changed but cannot be used (the old one keeps serving).
    @discardableResult
    public func reloadIfChanged(force: Bool = false) throws(TLSFilesError) -> Bool {
        let stamps = Self.stamps(files)
        guard force || stamps != loaded.withLock({ $0.stamps }) else { return false }
        let fresh: Loaded
        do { fresh = try Self.load(files) } catch {
            // Remember the stamps so a broken renewal is reported once, not every look.
            loaded.withLock { $0.stamps = stamps }
            throw error
        }
        loaded.withLock { $0 = fresh }
        return true
    }

    static func stamps(_ files: TLSFiles) -> FileStamps {
        func stamp(_ path: String) -> [Double] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return [] }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.doubleValue ?? 0
            return [modified, size, inode]
        }
        return FileStamps(certificate: stamp(files.certificatePath), key: stamp(files.keyPath))
    }

    static func load(_ files: TLSFiles) throws(TLSFilesError) -> Loaded {
        // Stamped before reading: a write between the two is seen at the next look.
        let stamps = stamps(files)
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMFile(files.certificatePath) } catch {
            throw TLSFilesError(
                description:
                    "tls-certificate \(files.certificatePath): \(readable(files.certificatePath) ? "not a PEM certificate chain" : "cannot be read by this user")"
            )
        }
        guard let leaf = chain.first else { throw TLSFilesError(description: "tls-certificate \(files.certificatePath): holds no certificate") }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(file: files.keyPath, format: .pem) } catch {
            // Never the key's text: only what is wrong with it.
            throw TLSFilesError(description: "tls-key \(files.keyPath): \(readable(files.keyPath) ? "not a PEM private key" : "cannot be read by this user")")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        // HTTP/1.1 only: the room WebSocket upgrades over it.
        configuration.applicationProtocols = ["http/1.1"]
        // TLS 1.2 and later, and in 1.2 only forward-secret AEAD suites (no CBC, no SHA-1
        // MACs): what Mozilla's "intermediate" profile admits, which every browser of the
        // last several years speaks.
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = Self.cipherSuites
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: configuration) } catch {
            throw TLSFilesError(description: "tls-key \(files.keyPath) does not belong to the certificate in \(files.certificatePath)")
        }
        return Loaded(context: context, stamps: stamps, serial: leaf.serialNumber)
    }

    static func readable(_ path: String) -> Bool { FileManager.default.isReadableFile(atPath: path) }

    /// TLS 1.2's suites the server offers (TLS 1.3's are all AEAD and always on).
    static let cipherSuites: [NIOTLSCipher] = [
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ]
}
