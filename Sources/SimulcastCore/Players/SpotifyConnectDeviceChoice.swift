import Foundation

/// Which of a listener's Spotify devices follows the room. The same rule on the listener page
/// (`spotify-connect.js` mirrors it, held by the same table) and in `listen --player
/// spotify-connect[:DEVICE]`.
///
/// Asked for one (an id, or a name: whole, then a beginning, ignoring case), that one.
/// Otherwise the device Spotify says is active, unless it refuses commands; on a phone, the
/// phone's own app before the rest (it is the one in the listener's hand); elsewhere a
/// computer before a phone, a phone before a speaker (a speaker may be in another room).
public enum SpotifyConnectDeviceChoice {
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// No Spotify app is open on any device.
        case noDevices
        case notFound(asked: String, available: [String])
        /// Every device refuses Web API commands.
        case onlyRestricted([String])

        public var description: String {
            switch self {
            case .noDevices: "no Spotify app is open: open Spotify on your phone or computer, then try again"
            case .notFound(let asked, let available): "no Spotify device called \"\(asked)\" (open now: \(available.joined(separator: ", ")))"
            case .onlyRestricted(let names): "\(names.joined(separator: ", ")) do not let other apps control them: open Spotify on your phone or computer"
            }
        }
    }

    public static func choose(_ devices: [SpotifyConnectDevice], asked: String? = nil, onPhone: Bool = false) -> Result<SpotifyConnectDevice, Problem> {
        guard !devices.isEmpty else { return .failure(.noDevices) }
        if let asked = asked?.trimmingCharacters(in: .whitespaces), !asked.isEmpty {
            let wanted = asked.lowercased()
            let found =
                devices.first { $0.id == asked } ?? devices.first { $0.name.lowercased() == wanted } ?? devices.first { $0.name.lowercased().hasPrefix(wanted) }
            guard let found else { return .failure(.notFound(asked: asked, available: devices.map(\.name))) }
            return found.isRestricted ? .failure(.onlyRestricted([found.name])) : .success(found)
        }
        let controllable = devices.filter { !$0.isRestricted }
        guard !controllable.isEmpty else { return .failure(.onlyRestricted(devices.map(\.name))) }
        // Smaller ranks first; ties keep Spotify's order.
        func rank(_ device: SpotifyConnectDevice) -> (phoneFirst: Int, active: Int, kind: Int) {
            let kind = device.kind.lowercased() == "computer" ? 0 : (device.isPhone ? 1 : 2)
            return (onPhone && !device.isPhone ? 1 : 0, device.isActive ? 0 : 1, kind)
        }
        let best = controllable.enumerated().min { a, b in
            let (x, y) = (rank(a.element), rank(b.element))
            return (x.phoneFirst, x.active, x.kind, a.offset) < (y.phoneFirst, y.active, y.kind, b.offset)
        }
        return best.map { .success($0.element) } ?? .failure(.noDevices)
    }
}
