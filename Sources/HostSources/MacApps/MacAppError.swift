/// Why a Mac app source cannot go on, each with what the user does about it.
public enum MacAppError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `osascript` on `PATH`: not a Mac (or a very bare one).
    case osascriptNotFound
    /// macOS refused to let this terminal send Apple events to the app.
    case notAuthorized(MacMusicApp)
    /// `osascript` did not end in time (the app hung on the question); it was stopped.
    case timedOut(seconds: Int)
    /// `osascript` could not be started.
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .osascriptNotFound:
            "osascript was not found on PATH: --source mac:spotify and mac:music read the Mac apps over AppleScript, so they run on macOS"
        case .notAuthorized(let app):
            "macOS did not let this terminal control \(app.applicationName). Open System Settings → Privacy & Security → Automation, "
                + "allow your terminal (Terminal, iTerm...) to control \(app.applicationName), then run the command again"
        case .timedOut(let seconds):
            "osascript did not answer within \(seconds) s and was stopped"
        case .couldNotStart(let reason):
            "osascript could not be started: \(reason)"
        }
    }
}
