/// A device a Spotify account can play on (the phone's Spotify app, the desktop app, a
/// speaker), as `GET /v1/me/player/devices` lists it.
public struct SpotifyConnectDevice: Hashable, Sendable {
    public var id: String
    public var name: String
    /// Spotify's device type: Computer, Smartphone, Speaker, TV, ...
    public var kind: String
    /// The device playing (or last playing) for this account.
    public var isActive: Bool
    /// Spotify refuses Web API commands for it (some speakers and TVs).
    public var isRestricted: Bool

    public init(id: String, name: String, kind: String, isActive: Bool = false, isRestricted: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.isActive = isActive
        self.isRestricted = isRestricted
    }

    public var isPhone: Bool { kind.lowercased() == "smartphone" }
}
