import Foundation
import SimulcastServer

/// What `simulcast setup` asks, checked before anything is written.
public struct SetupAnswers: Sendable, Equatable {
    public var origin: String
    public var front: TLSFront
    public var port: Int
    /// With `builtin`: the certificate chain and key (PEM) and the plain-HTTP redirect port.
    public var certificate: String?
    public var key: String?
    public var redirectPort: Int?
    public var appleMusicKeyFile: String?
    public var appleMusicKeyId: String?
    public var appleMusicTeamId: String?
    public var spotifyWebClientId: String?
    public var spotifyClientId: String?
    /// Where the Spotify client secret is kept (a file of its own, 0600).
    public var spotifyClientSecretFile: String?
    public var database: String
    public var secretsKeyFile: String

    public init(
        origin: String, front: TLSFront = .caddy, port: Int? = nil, certificate: String? = nil, key: String? = nil, redirectPort: Int? = nil,
        appleMusicKeyFile: String? = nil, appleMusicKeyId: String? = nil, appleMusicTeamId: String? = nil, spotifyWebClientId: String? = nil,
        spotifyClientId: String? = nil, spotifyClientSecretFile: String? = nil, database: String, secretsKeyFile: String
    ) {
        self.origin = WebOrigin.normalise(origin)
        self.front = front
        self.port = port ?? (front == .caddy ? 8080 : 443)
        self.certificate = certificate
        self.key = key
        self.redirectPort = redirectPort
        self.appleMusicKeyFile = appleMusicKeyFile
        self.appleMusicKeyId = appleMusicKeyId
        self.appleMusicTeamId = appleMusicTeamId
        self.spotifyWebClientId = spotifyWebClientId
        self.spotifyClientId = spotifyClientId
        self.spotifyClientSecretFile = spotifyClientSecretFile
        self.database = database
        self.secretsKeyFile = secretsKeyFile
    }

    /// Where the server runs by default: /etc and /var/lib for root (the systemd unit's
    /// paths), the user's config and data folders otherwise.
    public static func defaultFolders(environment: [String: String], isRoot: Bool) -> (config: String, state: String) {
        if isRoot { return ("/etc/simulcast", "/var/lib/simulcast") }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (
            (environment["XDG_CONFIG_HOME"] ?? home + "/.config") + "/simulcast", (environment["XDG_DATA_HOME"] ?? home + "/.local/share") + "/simulcast"
        )
    }

    /// Why these answers cannot be used, or nil.
    public func problem() -> String? {
        guard WebOrigin.isOrigin(origin) else { return "the public origin must look like https://listen.example.com (no path); got \(origin.prefix(80))" }
        let host = OriginCheck.hostAndPort(origin)?.host ?? ""
        let local = host == "localhost" || host.hasPrefix("127.")
        guard origin.hasPrefix("https://") || local else {
            return "the public origin must be https://: browsers play music only on secure pages (http:// works only for localhost)"
        }
        guard (0...65_535).contains(port) else { return "the port must be 0 to 65535" }
        if front == .builtin {
            guard let certificate, let key else { return "serving HTTPS itself needs the certificate (PEM) and its key: give --tls-certificate and --tls-key" }
            for file in [certificate, key] where !FileManager.default.isReadableFile(atPath: file) { return "cannot read \(file)" }
        }
        let apple = [appleMusicKeyFile, appleMusicKeyId, appleMusicTeamId]
        if apple.contains(where: { $0 != nil }), apple.contains(where: { $0 == nil }) {
            return "Apple Music needs all three: the MusicKit key file (.p8), its Key ID and your Team ID"
        }
        if spotifyClientId != nil, spotifyClientSecretFile == nil { return "reading Spotify's catalog needs the app's client secret as well as its id" }
        return nil
    }
}
