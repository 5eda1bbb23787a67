/// What a node needs to keep a listener's own Spotify app in sync: their refresh token, the
/// device their page played on, and how they join the room. Only ever stored sealed; never
/// printed.
struct ListenerCredential: SealedLogin, CustomStringConvertible {
    var refreshToken: String
    /// A hash of the Spotify user's id (`HostCredential.accountHash`): one follow per account.
    var account: String
    var deviceId: String
    var storefront: String
    var name: String?

    var description: String { "ListenerCredential(redacted)" }
}
