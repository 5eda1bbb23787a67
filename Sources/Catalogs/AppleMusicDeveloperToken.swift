import Crypto
import Foundation
import ServiceHTTP
import SimulcastCore

/// Mints Apple Music developer tokens: ES256 JWTs signed with the team's MusicKit `.p8`
/// key. The key stays in this process; only tokens leave it.
public struct AppleMusicDeveloperToken: Sendable {
    /// Apple's upper bound on a token's life (`exp - iat`), in seconds.
    public static let maximumLifetimeSeconds: Int64 = 15_777_000

    public let keyId: String
    public let teamId: String
    private let privateKey: P256.Signing.PrivateKey

    /// - Parameter pem: the contents of the `.p8` file (PKCS#8 PEM).
    public init(keyId: String, teamId: String, pem: String) throws {
        guard !keyId.isEmpty, !teamId.isEmpty else {
            throw CatalogServiceError.notConfigured(.appleMusic, detail: "a key id and a team id are needed")
        }
        do {
            self.privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            // The message must not echo the key.
            throw CatalogServiceError.notConfigured(.appleMusic, detail: "the private key is not a valid MusicKit .p8 (PKCS#8 P-256) key")
        }
        self.keyId = keyId
        self.teamId = teamId
    }

    /// Reads the key from a file, or from the environment variable `APPLE_MUSIC_PRIVATE_KEY` (its PEM text).
    public static func fromEnvironment(keyId: String?, teamId: String?, keyFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> AppleMusicDeveloperToken?
    {
        try make(
            keyId: keyId ?? environment["APPLE_MUSIC_KEY_ID"], teamId: teamId ?? environment["APPLE_MUSIC_TEAM_ID"],
            keyFile: keyFile ?? environment["APPLE_MUSIC_KEY_FILE"], pem: environment["APPLE_MUSIC_PRIVATE_KEY"])
    }

    /// A signer from explicit settings: nil when none of them is given, an error naming what
    /// is missing when only some are. `keyFile` wins over `pem` (the key's text).
    public static func make(keyId: String?, teamId: String?, keyFile: String?, pem: String?) throws -> AppleMusicDeveloperToken? {
        var pem = pem
        if let keyFile {
            do { pem = try String(contentsOfFile: keyFile, encoding: .utf8) } catch {
                throw CatalogServiceError.notConfigured(.appleMusic, detail: "cannot read the key file \(keyFile)")
            }
        }
        guard keyId != nil || teamId != nil || pem != nil else { return nil }
        guard let keyId, let teamId, let pem else {
            throw CatalogServiceError.notConfigured(
                .appleMusic, detail: "set all of APPLE_MUSIC_KEY_ID, APPLE_MUSIC_TEAM_ID and a key (APPLE_MUSIC_KEY_FILE or APPLE_MUSIC_PRIVATE_KEY)")
        }
        return try AppleMusicDeveloperToken(keyId: keyId, teamId: teamId, pem: pem)
    }

    /// A signed token valid from `issuedAt` (Unix seconds) for `lifetimeSeconds`, optionally
    /// bound to web origins (MusicKit JS checks the page's origin against it). Lifetimes are
    /// kept within a second and Apple's six months; `serve` asks at least a minute of them.
    public func mint(issuedAt: Int64, lifetimeSeconds: Int64, origins: [String]? = nil) throws -> String {
        let lifetime = min(max(lifetimeSeconds, 1), Self.maximumLifetimeSeconds)
        let header = Header(alg: "ES256", kid: keyId)
        let claims = Claims(iss: teamId, iat: issuedAt, exp: issuedAt + lifetime, origin: origins)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let signingInput = Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    struct Header: Codable, Equatable {
        var alg: String
        var kid: String
    }

    struct Claims: Codable, Equatable {
        var iss: String
        var iat: Int64
        var exp: Int64
        var origin: [String]?
    }
}
