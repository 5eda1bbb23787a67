import ArgumentParser
import HostSources

/// `host --source`: where the host's playback comes from.
enum HostSourceChoice: ExpressibleByArgument, Equatable {
    /// The Spotify Web API (after `simulcast login spotify`).
    case spotify
    /// A Linux player over MPRIS, the first found or the one named.
    case mpris(name: String?)
    /// The Spotify or Music app on a Mac, over AppleScript.
    case mac(MacMusicApp)
    /// Any sound, recognised against a fingerprint catalog.
    case recognize(catalog: String)
    /// A playback script (JSON Lines of events).
    case script(file: String)
    /// Events typed or piped on standard input.
    case stdin

    init?(argument: String) {
        func value(after prefix: String) -> String? {
            argument.hasPrefix(prefix) && argument.count > prefix.count ? String(argument.dropFirst(prefix.count)) : nil
        }
        switch argument {
        case "spotify": self = .spotify
        case "mpris": self = .mpris(name: nil)
        case "stdin": self = .stdin
        default:
            if let name = value(after: "mpris:") {
                self = .mpris(name: name)
            } else if let app = value(after: "mac:") {
                guard let known = MacMusicApp(rawValue: app) else { return nil }
                self = .mac(known)
            } else if let catalog = value(after: "recognize:") {
                self = .recognize(catalog: catalog)
            } else if let file = value(after: "script:") {
                self = .script(file: file)
            } else {
                return nil
            }
        }
    }

    static var allValueStrings: [String] { ["spotify", "mpris", "mpris:NAME", "mac:spotify", "mac:music", "recognize:CATALOG", "script:FILE", "stdin"] }

    /// A player on this machine, whose sound server may know its output latency.
    var isLocalPlayer: Bool { if case .mpris = self { true } else { false } }

    /// The name the host's output latency is remembered under: the player it follows.
    var outputName: String {
        switch self {
        case .spotify: "spotify"
        case .mpris(let name): name.map { "mpris:\($0)" } ?? "mpris"
        case .mac(let app): "mac:\(app.rawValue)"
        case .recognize: "recognize"
        case .script: "script"
        case .stdin: "stdin"
        }
    }
}
