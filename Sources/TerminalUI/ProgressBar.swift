import Foundation
import Synchronization

/// A progress bar on standard error, redrawn at most a few times a second.
public final class ProgressBar: Sendable {
    let label: String
    let total: Int
    private let lastDraw = Mutex(Date.distantPast)

    public init(_ label: String, total: Int) {
        self.label = label
        self.total = max(1, total)
    }

    public func update(_ done: Int, detail: String = "") {
        let now = Date()
        // Updates may come from several tasks: deciding to draw and recording it are one step.
        let draw = lastDraw.withLock { last in
            guard done == total || now.timeIntervalSince(last) > 0.1 else { return false }
            last = now
            return true
        }
        guard draw else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total) \(detail)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
