import Foundation
import Synchronization

/// Collects deliveries from every listener. Recording is an append under an uncontended lock
/// (the client is the measuring instrument, so it must stay cheap); tallies per publish are
/// made once, when the run is read.
final class LoadRecorder: Sendable {
    struct Delivery {
        var anchor: Int64
        var latencyMs: Double
    }

    struct Book {
        var deliveries: [Delivery] = []
        /// Listeners the server has welcomed (joined, not only connected).
        var welcomed = 0

        var latencies: [Double] { deliveries.map(\.latencyMs) }

        /// For each publish (by its anchor): listeners reached and the slowest of them.
        var perPublish: [(anchor: Int64, receipts: Int, worstMs: Double)] {
            var table: [Int64: (Int, Double)] = [:]
            for delivery in deliveries {
                let entry = table[delivery.anchor] ?? (0, 0)
                table[delivery.anchor] = (entry.0 + 1, max(entry.1, delivery.latencyMs))
            }
            return table.keys.sorted().map { ($0, table[$0]!.0, table[$0]!.1) }
        }
    }

    private let book = Mutex(Book())

    static func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    func received(anchor: Int64, latencyMicros: Int64) {
        let delivery = Delivery(anchor: anchor, latencyMs: Double(latencyMicros) / 1000)
        book.withLock { $0.deliveries.append(delivery) }
    }

    func welcome() { book.withLock { $0.welcomed += 1 } }

    func snapshot() -> Book { book.withLock { $0 } }

    /// Forgets deliveries (not welcomes): the measured phase starts.
    func reset() { book.withLock { $0 = Book(welcomed: $0.welcomed) } }
}
