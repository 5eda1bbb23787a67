/// A min-heap of events by time; events due at the same instant come out in the order they
/// were scheduled, so a run is the same every time.
struct EventHeap: Sendable {
    private var items: [(time: Int64, order: Int, event: SimulationEvent)] = []
    private var pushed = 0

    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ time: Int64, _ event: SimulationEvent) {
        items.append((time, pushed, event))
        pushed += 1
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard earlier(child, than: parent) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (time: Int64, event: SimulationEvent)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, earlier(left, than: smallest) { smallest = left }
            if right < items.count, earlier(right, than: smallest) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return (first.time, first.event)
    }

    private func earlier(_ a: Int, than b: Int) -> Bool {
        items[a].time < items[b].time || (items[a].time == items[b].time && items[a].order < items[b].order)
    }
}
