import Foundation

/// A followed user's login (a host's or a listener's): stored only sealed with the secrets
/// key, its refresh token rotating as Spotify renews it.
protocol SealedLogin: Codable, Sendable {
    var refreshToken: String { get set }
}

extension SealedLogin {
    func sealed(with key: SecretsKey) throws -> [UInt8] {
        try key.seal(Array(try JSONEncoder().encode(self)))
    }

    static func open(_ sealed: [UInt8], with key: SecretsKey) throws -> Self {
        try JSONDecoder().decode(Self.self, from: Data(try key.open(sealed)))
    }

    /// The same login with a rotated refresh token, sealed to be saved.
    func rotated(to refreshToken: String, with key: SecretsKey) throws -> [UInt8] {
        var next = self
        next.refreshToken = refreshToken
        return try next.sealed(with: key)
    }
}
