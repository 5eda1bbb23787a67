import Foundation
import Synchronization

/// Collects deliveries from every listener (one lock; the client runs on one thread).
final class LoadRecorder: Sendable {
    struct Book {
        var latencies: [Double] = []
        /// Listeners the server has welcomed (joined, not only connected).
        var welcomed = 0
        var receipts: [Int64: Int] = [:]
        var worst: [Int64: Double] = [:]
    }
    private let book = Mutex(Book())

    static func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    func received(anchor: Int64, latencyMicros: Int64) {
        book.withLock {
            $0.latencies.append(Double(latencyMicros) / 1000)
            $0.receipts[anchor, default: 0] += 1
            $0.worst[anchor] = max($0.worst[anchor] ?? 0, Double(latencyMicros) / 1000)
        }
    }

    func welcome() { book.withLock { $0.welcomed += 1 } }

    func snapshot() -> Book { book.withLock { $0 } }
    /// Forgets deliveries (not welcomes): the measured phase starts.
    func reset() { book.withLock { $0 = Book(welcomed: $0.welcomed) } }
}
