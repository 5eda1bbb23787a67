import NIOCore
import NIOPosix

/// A loopback port nobody listens on right now, for a child process to bind.
public enum FreePort {
    public static func next() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}
