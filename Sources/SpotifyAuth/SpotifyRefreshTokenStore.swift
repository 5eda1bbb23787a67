import Catalogs
import Foundation
import ServiceHTTP
import SimulcastCore

/// Keeps a Spotify refresh token in a file only its owner can read (0600), so a host logs
/// in once. The token never goes to logs or error messages.
public struct SpotifyRefreshTokenStore: Sendable {
    public struct Saved: Codable, Sendable {
        public var clientId: String
        public var refreshToken: String
    }

    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/simulcast/spotify.json`, or `~/.config/simulcast/spotify.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFolder.path(environment: environment) + "/spotify.json"
    }

    /// A listener's login is kept apart from a host's: often another account, other scopes.
    public static func defaultListenerPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFolder.path(environment: environment) + "/spotify-listener.json"
    }

    public func load() throws -> Saved? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CatalogServiceError.notConfigured(.spotify, detail: "\(path) is unreadable; run `simulcast login spotify` again")
        }
    }

    public func save(_ saved: Saved) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Create with 0600 before writing the secret, so it is never readable by others.
        if !FileManager.default.fileExists(atPath: path) {
            // A failure shows up as the write below failing, with the reason.
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try JSONEncoder().encode(saved).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
}
