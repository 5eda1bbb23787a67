import Foundation
import SimulcastClient
import SimulcastCore
import Synchronization

/// One line that rewrites itself on a terminal; on a pipe, a new line only when it changes.
final class StatusLine: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    /// The line last shown.
    private let last = Mutex("")

    /// Shows a listener's status: live figures on a terminal, only changes of state on a pipe.
    func show(_ status: ListenerStatus, service: MusicService) {
        show(Self.describe(status, service: service, stable: !isTerminal))
    }

    func show(_ text: String) {
        last.withLock { last in
            if isTerminal {
                FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
            } else if text != last {
                FileHandle.standardError.write(Data("\(text)\n".utf8))
            }
            last = text
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// "apple-music ▶ B*Witched - C'est La Vie [298026101]  in sync +12 ms  at the ear (output 220 ms)  clock ±0.3 ms"
    static func describe(_ status: ListenerStatus, service: MusicService, stable: Bool = false) -> String {
        var parts = [service.rawValue, status.connected ? "" : "(reconnecting)"]
        if let source = status.sourceTrack {
            parts.append("♪ \(source.displayName)")
            if let match = status.match, let track = match.track, match.isMatched {
                parts.append("→ \(track.id)")
            }
        }
        if stable, case .following = status.follow {
            parts.append("following")
        } else {
            parts.append(status.follow.description)
        }
        // The error above is at the ear: say so when the player is aimed ahead of the room.
        if status.outputLatencyMs != 0 { parts.append(String(format: "at the ear (output %.0f ms)", status.outputLatencyMs)) }
        if !stable, let clock = status.clockUncertaintyMs { parts.append(String(format: "clock ±%.1f ms", clock)) }
        if !stable, let reaction = status.reaction { parts.append("\(reaction.reaction.emoji) \(reaction.from)") }
        return parts.filter { !$0.isEmpty }.joined(separator: "  ")
    }
}
