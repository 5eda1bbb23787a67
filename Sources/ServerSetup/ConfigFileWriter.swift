import Foundation

/// The config file `setup` writes: the answers as `serve` keys, each with a line saying what
/// it is for, so an operator can edit it later without the manual.
public enum ConfigFileWriter {
    public static func text(_ answers: SetupAnswers, writtenOn day: String) -> String {
        func quoted(_ text: String) -> String { SettingsReport.toml(.string(text)) }
        var lines = [
            "# Simulcast server settings, written by `simulcast setup` on \(day).",
            "# Each key is a `simulcast serve` option without its dashes (simulcast serve --help lists them);",
            "# SIMULCAST_<KEY> in the environment overrides a key and a flag overrides both.",
            "# Check it: simulcast doctor --config <this file>",
            "",
            "# Where friends open the pages: https://, or browsers will not play music.",
            "public-origin = [\(quoted(answers.origin))]",
            "",
        ]
        switch answers.front {
        case .caddy:
            lines += [
                "# Caddy in front serves HTTPS and passes requests here; only it may reach this port.",
                "hostname = \"127.0.0.1\"",
                "port = \(answers.port)",
                "trusted-proxy = [\"127.0.0.1\"]",
            ]
        case .builtin:
            lines += [
                "# serve answers HTTPS itself; renewed files are picked up without a restart (SIGHUP: at once).",
                "hostname = \"0.0.0.0\"",
                "port = \(answers.port)",
                "tls-certificate = \(quoted(answers.certificate ?? ""))",
                "tls-key = \(quoted(answers.key ?? ""))",
            ]
            if let redirect = answers.redirectPort {
                lines += ["# Plain HTTP here only redirects to https:// (and answers /healthz).", "http-redirect-port = \(redirect)"]
            }
        }
        lines += [
            "",
            "# Rooms, corrections and the catalog cache. A postgres:// URL lets several nodes share them.",
            "database = \(quoted(answers.database))",
            "# Seals the Spotify logins of rooms hosted from the browser; every node needs the same file.",
            "secrets-key-file = \(quoted(answers.secretsKeyFile))",
        ]
        if let file = answers.appleMusicKeyFile, let id = answers.appleMusicKeyId, let team = answers.appleMusicTeamId {
            lines += [
                "", "# Apple Music listeners: the MusicKit key signs the pages' developer tokens.",
                "apple-music-key-file = \(quoted(file))", "apple-music-key-id = \(quoted(id))", "apple-music-team-id = \(quoted(team))",
            ]
        } else {
            lines += ["", "# Apple Music listeners need a MusicKit key: apple-music-key-file, apple-music-key-id, apple-music-team-id."]
        }
        if let web = answers.spotifyWebClientId {
            lines += [
                "", "# Spotify listeners log in with this app (its Redirect URIs must list \(answers.origin)/r/callback).",
                "spotify-web-client-id = \(quoted(web))",
            ]
        } else {
            lines += ["", "# Spotify listeners log in with a Spotify app of yours: spotify-web-client-id."]
        }
        if let id = answers.spotifyClientId, let secret = answers.spotifyClientSecretFile {
            lines += [
                "# Spotify's catalog (matching Spotify hosts' songs for others) is read as this app.",
                "spotify-client-id = \(quoted(id))", "spotify-client-secret-file = \(quoted(secret))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
