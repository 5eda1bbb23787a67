import Crypto
import Foundation
import Rooms
import SimulcastCore

/// What a node needs to follow a room hosted from a browser: the room's host token (its
/// connection says hello as the host, like the CLI's) and the host's Spotify refresh token.
/// Only ever stored sealed; neither field is printed.
struct HostCredential: SealedLogin, CustomStringConvertible {
    var hostToken: String
    var refreshToken: String
    /// A hash of the Spotify user's id (one hosted room per user); nil in logins sealed
    /// before it was kept.
    var account: String?

    var description: String { "HostCredential(redacted)" }

    /// Names a service's user without keeping their id: a hash, enough to tell one account
    /// from another.
    static func accountHash(service: MusicService, user: String) -> String {
        SealedSecret.hex(SHA256.hash(data: Data("\(service.rawValue):\(user)".utf8)).prefix(16))
    }
}
