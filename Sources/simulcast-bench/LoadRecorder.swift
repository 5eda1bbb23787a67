import Foundation
import Synchronization

/// Collects deliveries from every listener. Recording is an append under an uncontended lock
/// (the client is the measuring instrument, so it must stay cheap); tallies per publish are
/// made once, when the run is read.
final class LoadRecorder: Sendable {
    struct Delivery {
        var anchor: Int64
        var latencyMs: Double
        var room: Int
        var crossNode: Bool
    }

    struct Book {
        var deliveries: [Delivery] = []
        /// Listeners the server has welcomed (joined, not only connected).
        var welcomed = 0
        /// When a node was killed (microseconds), and when each of its listeners followed again.
        var killedAt: Int64?
        var recoveries: [Int64] = []

        var latencies: [Double] { deliveries.map(\.latencyMs) }
        var crossNodeLatencies: [Double] { deliveries.filter(\.crossNode).map(\.latencyMs) }

        /// The newest publish any listener of each room received.
        var newestAnchorPerRoom: [Int: Int64] {
            deliveries.reduce(into: [:]) { newest, delivery in newest[delivery.room] = max(newest[delivery.room] ?? 0, delivery.anchor) }
        }

        /// Milliseconds from the kill to each recovered listener's first state.
        var recoveryMs: [Double] {
            guard let killedAt else { return [] }
            return recoveries.map { Double($0 - killedAt) / 1000 }
        }

        /// For each publish (by its anchor): listeners reached and the slowest of them.
        var perPublish: [(anchor: Int64, receipts: Int, worstMs: Double)] {
            var table: [Int64: (Int, Double)] = [:]
            for delivery in deliveries {
                let entry = table[delivery.anchor] ?? (0, 0)
                table[delivery.anchor] = (entry.0 + 1, max(entry.1, delivery.latencyMs))
            }
            return table.sorted { $0.key < $1.key }.map { ($0.key, $0.value.0, $0.value.1) }
        }
    }

    private let book = Mutex(Book())

    static func nowMicros() -> Int64 {
        // The wall clock, as the server's anchors are; a Double holds today's µs exactly.
        Int64((Date().timeIntervalSince1970 * 1_000_000).rounded())
    }

    func received(anchor: Int64, latencyMicros: Int64, room: Int, crossNode: Bool) {
        let delivery = Delivery(anchor: anchor, latencyMs: Double(latencyMicros) / 1000, room: room, crossNode: crossNode)
        book.withLock { $0.deliveries.append(delivery) }
    }

    func killed(at time: Int64) { book.withLock { $0.killedAt = time } }

    func recovered(at time: Int64) { book.withLock { $0.recoveries.append(time) } }

    func welcome() { book.withLock { $0.welcomed += 1 } }

    func snapshot() -> Book { book.withLock { $0 } }

    /// Forgets deliveries (not welcomes): the measured phase starts.
    func reset() { book.withLock { $0 = Book(welcomed: $0.welcomed, killedAt: $0.killedAt, recoveries: $0.recoveries) } }
}
