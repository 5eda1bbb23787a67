import Foundation
import SimulcastCore

/// One answer of a Mac player to `MacMusicApp.scriptLines`, read into what the host source
/// needs. Pure, so every answer the apps give (and every way they fail) is a table test.
public enum MacAppReading: Hashable, Sendable {
    /// The app is not open: the room waits for it.
    case notRunning
    /// Open, with nothing playing or paused.
    case stopped
    /// A track, playing or paused, where the app says it is.
    case track(MacAppTrack)
    /// macOS refused to let this terminal script the app (error -1743): only the user can
    /// allow it, so the source stops and says how.
    case notAuthorized
    /// Any other failure (the app busy, an answer that cannot be read): tried again later.
    case failed(String)

    /// Reads what `osascript` printed for `app`.
    public static func read(_ output: AppleScriptOutput, from app: MacMusicApp) -> MacAppReading {
        let error = output.standardError
        // osascript writes "execution error: Not authorized to send Apple events to Spotify. (-1743)".
        if error.contains("(-1743)") { return .notAuthorized }
        // The app quit between `is running` and `tell`.
        if error.contains("(-600)") { return .notRunning }
        // No current track ("Can't get name of current track").
        if error.contains("(-1728)") { return .stopped }
        guard output.status == 0 else {
            return .failed(firstLine(of: error).map { "osascript: \($0)" } ?? "osascript exited with status \(output.status)")
        }
        let line = output.standardOutput.trimmingCharacters(in: .newlines)
        switch line {
        case "not running": return .notRunning
        case "stopped": return .stopped
        default: break
        }
        let fields = line.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 8, fields[0] == "track" else { return .failed("the app's answer could not be read") }
        guard let identity = app.identity(of: fields[2]) else { return .failed("the app's track has no id Simulcast can use") }
        let title = present(fields[3])
        guard let title else { return .failed("the app's track has no name") }
        let track = MacAppTrack(
            service: identity.service, id: identity.id, title: title, artist: present(fields[4]), album: present(fields[5]),
            durationMs: milliseconds(fields[6], unit: app.durationUnitMs), positionMs: milliseconds(fields[7], unit: 1000),
            playing: playing(fields[1]))
        return .track(track)
    }

    /// Music also says "fast forwarding" and "rewinding": held as paused, since the position
    /// is then moving at no known rate; the next "playing" answer resumes from where it is.
    static func playing(_ state: String) -> Bool { state == "playing" }

    /// AppleScript's `missing value`, or nothing at all, is no value.
    static func present(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "missing value" ? nil : trimmed
    }

    /// A number as AppleScript writes one: `215000`, `12.5`, `12,5` (a comma decimal point)
    /// or `1.0E+4`. Nil for anything else, negative or not finite.
    static func number(_ text: String) -> Double? {
        guard let text = present(text), let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite, value >= 0 else {
            return nil
        }
        return value
    }

    /// A number of `unit` ms as milliseconds, nil where it is no number or too large to be one.
    static func milliseconds(_ text: String, unit: Double) -> Double? {
        number(text).map { $0 * unit }.flatMap { $0.isFinite ? $0 : nil }
    }

    static func firstLine(of text: String) -> String? {
        text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension MacAppReading {
    /// What the host is told when this reading differs from the last: nil for a failure
    /// (logged, and tried again) and for a refusal (which ends the source with its own words).
    func status(of app: MacMusicApp) -> String? {
        switch self {
        case .notRunning: "\(app.applicationName) is not open: open it and play a song; the room waits."
        case .stopped: "\(app.applicationName) is not playing: play a song and the room follows."
        case .track: "following \(app.applicationName)"
        case .notAuthorized, .failed: nil
        }
    }
}
