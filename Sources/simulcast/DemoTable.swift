import Foundation

/// The demo's live view: event lines scroll, the listener table stays at the bottom.
final class DemoTable: @unchecked Sendable {  // every mutable field is read and written under `lock`
    private let enabled: Bool
    private let isTerminal = isatty(STDOUT_FILENO) != 0
    private let lock = NSLock()
    private var drawnLines = 0
    private var lastRows: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    private static let header = "listener         host plays                                   matched id                           sync error"

    func draw(_ rows: [String]) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if isTerminal {
            erase()
            write(([Self.header] + rows).joined(separator: "\n") + "\n")
            drawnLines = rows.count + 1
        } else if rows != lastRows {
            // On a pipe, print the table only when a row's match or state changes.
            let stable = rows.map { $0.replacingOccurrences(of: #"[+-]\s*\d+\.\d ms"#, with: "following", options: .regularExpression) }
            if stable != lastRows.map({ $0.replacingOccurrences(of: #"[+-]\s*\d+\.\d ms"#, with: "following", options: .regularExpression) }) {
                write(rows.map { "  \($0)" }.joined(separator: "\n") + "\n")
            }
        }
        lastRows = rows
    }

    func note(_ line: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if isTerminal { erase() }
        write("\(line)\n")
        drawnLines = 0
    }

    func say(_ line: String) { note(line) }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        drawnLines = 0
    }

    private func erase() {
        if drawnLines > 0 { write("\u{1B}[\(drawnLines)A\u{1B}[J") }
        drawnLines = 0
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
