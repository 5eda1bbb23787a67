import NIOCore
import Synchronization

/// Connections kept alive after a complete answer, by origin, for the next request there: a
/// Spotify Connect follow polls every half second to two seconds, and a new TLS handshake
/// each time would add its round trips to every reading. A connection the service closes
/// leaves the pool as it closes.
final class IdleConnections: Sendable {
    private let idle = Mutex<[HTTPOrigin: [any Channel]]>([:])
    /// Per origin; a burst of parallel requests opens more, and the ones beyond this close.
    let maximumPerOrigin: Int

    init(maximumPerOrigin: Int) { self.maximumPerOrigin = maximumPerOrigin }

    /// The most recently used open connection to the origin, if any.
    func take(_ origin: HTTPOrigin) -> (any Channel)? {
        idle.withLock { idle in
            while let channel = idle[origin]?.popLast() {
                if channel.isActive { return channel }
            }
            return nil
        }
    }

    /// Keeps a connection whose answer is complete, or closes it when the origin has enough.
    func put(_ channel: any Channel, for origin: HTTPOrigin) {
        let kept = idle.withLock { idle in
            guard channel.isActive, idle[origin, default: []].count < maximumPerOrigin else { return false }
            idle[origin, default: []].append(channel)
            return true
        }
        if !kept { channel.close(promise: nil) }
    }

    /// Forgets a connection that closed (called from its close future).
    func remove(_ channel: any Channel, for origin: HTTPOrigin) {
        idle.withLock { idle in idle[origin]?.removeAll { $0 === channel } }
    }

    var count: Int { idle.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
