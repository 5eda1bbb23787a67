import ArgumentParser

/// `listen --player`: what plays for the listener.
enum ListenerPlayer: ExpressibleByArgument, Equatable {
    /// A player with real-world latencies, simulated.
    case simulated
    /// Prints what to play, where and when.
    case print
    /// A Linux player over MPRIS (the Spotify client, VLC, ...), the first found or the one named.
    case mpris(name: String?)
    /// The listener's own Spotify app (desktop, phone, a speaker) through the Web API: the
    /// device named, or the one `SpotifyConnectDeviceChoice` picks.
    case spotifyConnect(device: String?)

    init?(argument: String) {
        switch argument {
        case "simulated": self = .simulated
        case "print": self = .print
        case "mpris": self = .mpris(name: nil)
        case let text where text.hasPrefix("mpris:") && text.count > "mpris:".count: self = .mpris(name: String(text.dropFirst("mpris:".count)))
        case "spotify-connect": self = .spotifyConnect(device: nil)
        case let text where text.hasPrefix("spotify-connect:") && text.count > "spotify-connect:".count:
            self = .spotifyConnect(device: String(text.dropFirst("spotify-connect:".count)))
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["simulated", "print", "mpris", "mpris:NAME", "spotify-connect", "spotify-connect:DEVICE"] }

    /// A player on this machine, whose sound server may know its output latency.
    var isLocalPlayer: Bool { if case .mpris = self { true } else { false } }

    /// The name its output latency is remembered under.
    var outputName: String {
        switch self {
        case .simulated: "simulated"
        case .print: "print"
        case .mpris(let name): name.map { "mpris:\($0)" } ?? "mpris"
        case .spotifyConnect(let device): device.map { "spotify-connect:\($0)" } ?? "spotify-connect"
        }
    }
}
