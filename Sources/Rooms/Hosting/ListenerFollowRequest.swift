import SimulcastCore

/// A listener asking the server to keep their own player in sync with the room after they
/// close the page: their login (OAuth with PKCE, finished by the server) and the device
/// their page was playing on.
public struct ListenerFollowRequest: Hashable, Sendable {
    public var authorization: HostAuthorization
    /// The device's id at the service (a Spotify Connect device id).
    public var deviceId: String
    /// The listener's storefront (country), for matching.
    public var storefront: String
    /// The name the listener shows the room, already normalised; nil for none.
    public var name: String?

    public init(authorization: HostAuthorization, deviceId: String, storefront: String, name: String?) {
        self.authorization = authorization
        self.deviceId = deviceId
        self.storefront = storefront
        self.name = name
    }
}
