import SimulcastCore

/// A device in `GET /v1/me/player/devices` and in `GET /v1/me/player`'s `device`. Its `id`
/// may be null (a device that cannot be controlled); such a device is left out.
public struct SpotifyDeviceObject: Decodable, Sendable {
    public var id: String?
    public var isActive: Bool?
    public var isRestricted: Bool?
    public var name: String?
    public var type: String?

    enum CodingKeys: String, CodingKey {
        case id, name, type
        case isActive = "is_active"
        case isRestricted = "is_restricted"
    }

    public var device: SpotifyConnectDevice? {
        guard let id, !id.isEmpty else { return nil }
        return SpotifyConnectDevice(id: id, name: name ?? "Spotify", kind: type ?? "Unknown", isActive: isActive ?? false, isRestricted: isRestricted ?? false)
    }
}
