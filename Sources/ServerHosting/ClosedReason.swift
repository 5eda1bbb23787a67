import Synchronization

/// Why the room closed an in-process connection, set from its callback.
final class ClosedReason: Sendable {
    private let reason = Mutex<String?>(nil)

    func set(_ text: String) { reason.withLock { $0 = text } }
    var value: String? { reason.withLock { $0 } }
}
