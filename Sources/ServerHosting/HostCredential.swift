import Foundation

/// What a node needs to follow a room hosted from a browser: the room's host token (its
/// connection says hello as the host, like the CLI's) and the host's Spotify refresh token.
/// Only ever stored sealed; neither field is printed.
struct HostCredential: Codable, Sendable, CustomStringConvertible {
    var hostToken: String
    var refreshToken: String

    var description: String { "HostCredential(redacted)" }

    func sealed(with key: SecretsKey) throws -> [UInt8] {
        try key.seal(Array(try JSONEncoder().encode(self)))
    }

    static func open(_ sealed: [UInt8], with key: SecretsKey) throws -> HostCredential {
        try JSONDecoder().decode(HostCredential.self, from: Data(try key.open(sealed)))
    }
}
