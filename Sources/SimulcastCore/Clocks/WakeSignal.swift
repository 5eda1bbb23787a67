/// Lets a polling loop sleep until its next poll or until something announces a change
/// (an MPRIS signal), whichever comes first.
public actor WakeSignal {
    private var waiter: CheckedContinuation<Void, Never>?
    private var generation = 0
    private var pending = false

    public init() {}

    public func signal() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            pending = true
        }
    }

    public func wait(until deadline: LocalTime, clock: any LocalClock) async {
        if pending {
            pending = false
            return
        }
        generation += 1
        let mine = generation
        let timer = Task {
            try? await clock.sleep(until: deadline)
            self.timeUp(mine)
        }
        await withCheckedContinuation { waiter = $0 }
        timer.cancel()
    }

    private func timeUp(_ which: Int) {
        guard which == generation, let waiter else { return }
        self.waiter = nil
        waiter.resume()
    }
}
