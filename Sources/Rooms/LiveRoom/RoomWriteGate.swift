/// One writer per room on this node. `LiveRoom` is an actor, but it re-enters while a commit
/// awaits the store, so two changes read the same `seq` and one lost the compare-and-set:
/// parallel match answers conflicted with each other (and with the host) until changes were
/// dropped. Changes now take turns in the order they arrived; the store's compare-and-set is
/// left to settle only what other nodes commit.
struct RoomWriteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the turn if nobody holds it.
    mutating func tryEnter() -> Bool {
        guard !busy else { return false }
        busy = true
        return true
    }

    /// Queues a writer; it is resumed holding the turn.
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>) {
        waiting.append(continuation)
    }

    /// Hands the turn to the next writer in line, or frees it.
    mutating func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
