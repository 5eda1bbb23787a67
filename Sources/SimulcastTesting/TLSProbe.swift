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
        let seen = Mutex<[UInt8]?>(nil)
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { chain, promise in
                        seen.withLock { $0 = chain.first?.serialNumber }
                        promise.succeed(.certificateVerified)
                    }
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port).get()
        defer { channel.close(promise: nil) }
        // The handshake finishes before the first bytes can be written through the handler.
        try await channel.writeAndFlush(ByteBuffer(string: "HEAD /healthz HTTP/1.1\r\nHost: \(serverName)\r\nConnection: close\r\n\r\n")).get()
        guard let serial = seen.withLock({ $0 }) else { throw Failure(description: "no certificate was presented") }
        return serial.map { String(format: "%02x", $0) }.joined()
    }
}
