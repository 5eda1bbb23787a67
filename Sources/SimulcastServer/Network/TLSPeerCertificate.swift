import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// The leaf certificate a TLS server presents for a name, read without judging it: what
/// `doctor` checks (names, days left) and what the tests compare (a renewal's serial).
public enum TLSPeerCertificate {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `serverName` is sent as SNI unless it is an IP address (which TLS forbids there).
    /// `client`: changes to the client's TLS settings (a probe of which versions a server takes).
    public static func fetch(
        host: String, port: Int, serverName: String, client: (inout TLSConfiguration) -> Void = { _ in }
    ) async throws -> NIOSSLCertificate {
        let seen = Mutex<NIOSSLCertificate?>(nil)
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        client(&configuration)
        let context = try NIOSSLContext(configuration: configuration)
        let name = serverName.first?.isNumber == true || serverName.contains(":") ? nil : serverName
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: name) { chain, promise in
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
        return leaf
    }
}
