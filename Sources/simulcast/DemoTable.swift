import Foundation
import Synchronization

/// The demo's live view: event lines scroll, the listener table stays at the bottom.
final class DemoTable: Sendable {
    private struct Screen {
        var drawnLines = 0
        var lastRows: [String] = []
    }

    private let enabled: Bool
    private let isTerminal = isatty(STDOUT_FILENO) != 0
    private let screen = Mutex(Screen())

    init(enabled: Bool) { self.enabled = enabled }

    private static let header = "listener         host plays                                   matched id                           sync error"

    func draw(_ rows: [String]) {
        guard enabled else { return }
        screen.withLock { screen in
            if isTerminal {
                erase(&screen)
                write(([Self.header] + rows).joined(separator: "\n") + "\n")
                screen.drawnLines = rows.count + 1
            } else if rows != screen.lastRows {
                // On a pipe, print the table only when a row's match or state changes.
                if Self.stable(rows) != Self.stable(screen.lastRows) {
                    write(rows.map { "  \($0)" }.joined(separator: "\n") + "\n")
                }
            }
            screen.lastRows = rows
        }
    }

    func note(_ line: String) {
        guard enabled else { return }
        screen.withLock { screen in
            if isTerminal { erase(&screen) }
            write("\(line)\n")
            screen.drawnLines = 0
        }
    }

    func say(_ line: String) { note(line) }

    func finish() {
        screen.withLock { $0.drawnLines = 0 }
    }

    /// Rows with their live sync figures replaced, so a pipe sees only changes of state.
    private static func stable(_ rows: [String]) -> [String] {
        rows.map { $0.replacingOccurrences(of: #"[+-]\s*\d+\.\d ms"#, with: "following", options: .regularExpression) }
    }

    private func erase(_ screen: inout Screen) {
        if screen.drawnLines > 0 { write("\u{1B}[\(screen.drawnLines)A\u{1B}[J") }
        screen.drawnLines = 0
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
