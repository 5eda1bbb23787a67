/// MPRIS problems a user can fix.
public enum MPRISError: Error, Hashable, Sendable, CustomStringConvertible {
    case noPlayer(wanted: String?, found: [String])
    case trackDidNotLoad(String)

    public var description: String {
        switch self {
        case .noPlayer(let wanted, let found):
            let list = found.isEmpty ? "none is running" : "found: \(found.joined(separator: ", "))"
            if let wanted { return "no MPRIS player \"\(wanted)\" on the session bus (\(list))" }
            return found.isEmpty
                ? "no MPRIS player on the session bus; start one (Spotify, VLC, mpv with mpv-mpris, ...)"
                : "several MPRIS players; choose one with mpris:NAME (\(list))"
        case .trackDidNotLoad(let uri): return "the player did not open \(uri)"
        }
    }
}
