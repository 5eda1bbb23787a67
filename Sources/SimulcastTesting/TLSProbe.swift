import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Opens a TLS connection and reads back the certificate the server presents, without
/// judging it: which certificate a server serves right now.
public enum TLSProbe {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The serial number (lowercase hex) of the leaf certificate served at `port` for `serverName`.
    public static func servedSerial(port: Int, serverName: String, host: String = "127.0.0.1") async throws -> String {
        try await served(port: port, serverName: serverName, host: host).serialHex
    }

    /// The leaf certificate served: its serial (hex) and base64(SHA-256(SubjectPublicKeyInfo)),
    /// the form Chromium's `--ignore-certificate-errors-spki-list` takes.
    public static func served(port: Int, serverName: String, host: String = "127.0.0.1") async throws -> (serialHex: String, publicKeyHash: String) {
        let seen = Mutex<NIOSSLCertificate?>(nil)
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { chain, promise in
                        seen.withLock { $0 = chain.first }
                        promise.succeed(.certificateVerified)
                    }
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port).get()
        defer { channel.close(promise: nil) }
        // The handshake finishes before the first bytes can be written through the handler.
        try await channel.writeAndFlush(ByteBuffer(string: "HEAD /healthz HTTP/1.1\r\nHost: \(serverName)\r\nConnection: close\r\n\r\n")).get()
        guard let leaf = seen.withLock({ $0 }) else { throw Failure(description: "no certificate was presented") }
        let hash = Data(SHA256.hash(data: try leaf.extractPublicKey().toSPKIBytes())).base64EncodedString()
        return (leaf.serialNumber.map { String(format: "%02x", $0) }.joined(), hash)
    }
}
