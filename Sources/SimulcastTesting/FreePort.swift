import NIOCore
import NIOPosix
import Synchronization

/// A loopback port nobody listens on right now, for a child process to bind. The kernel may
/// hand out a port it just handed out (about 1 in 1,000 binds here, with SO_REUSEADDR), and
/// nothing holds a port between this answer and the child's bind, so two ports asked for one
/// after another could be the same: a test started `serve` and Caddy's admin API on one port
/// and read Caddy's "404 page not found" as its server. No port is given twice in a process.
public enum FreePort {
    private static let given = Mutex<Set<Int>>([])

    public static func next() async throws -> Int {
        while true {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
            let port = channel.localAddress?.port ?? 0
            try await channel.close()
            if given.withLock({ $0.insert(port).inserted }) { return port }
        }
    }
}
