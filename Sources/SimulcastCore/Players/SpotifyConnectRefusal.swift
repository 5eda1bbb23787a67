/// Why Spotify did not carry out a command or answer a poll for a Connect listener, in words
/// the listener can act on. Never carries a token or a response body.
public enum SpotifyConnectRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// `PREMIUM_REQUIRED`: the Web API controls playback only for Premium accounts.
    case notPremium
    /// `NO_ACTIVE_DEVICE`, or the device chosen is gone (the app was closed, the phone is off).
    case noDevice
    /// The device does not accept Web API commands.
    case restricted
    /// 429: hold every request back at least this long.
    case rateLimited(retryAfterMs: Double?)
    /// The login was refused or revoked: sign in again.
    case loginRefused
    /// Spotify could not be reached; tried again on the next poll.
    case unreachable
    /// Any other refusal, described without secrets.
    case failed(String)

    /// Whether trying again later cannot help (the listener must act).
    public var isFinal: Bool {
        switch self {
        case .notPremium, .loginRefused, .restricted: true
        case .noDevice, .rateLimited, .unreachable, .failed: false
        }
    }

    public var description: String {
        switch self {
        case .notPremium: "Spotify plays on your app from here only with Premium"
        case .noDevice: "no Spotify app is open: open Spotify on the device and try again"
        case .restricted: "this device does not let other apps control it"
        case .rateLimited(let after): "Spotify asked us to slow down" + (after.map { " (for \(Int(($0 / 1000).rounded(.up))) s)" } ?? "")
        case .loginRefused: "Spotify refused the login: sign in again"
        case .unreachable: "Spotify cannot be reached"
        case .failed(let detail): "Spotify refused: \(detail)"
        }
    }
}
