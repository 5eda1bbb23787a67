import ArgumentParser
import Foundation
import ServerHosting
import ServerSetup
import SimulcastCore

struct SetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "First run: ask for the public https origin, the Apple and Spotify keys and the database, write the config file, make the secrets key.",
        discussion: """
            Asks its questions on the terminal, or takes them all as options with --non-interactive. Writes the config file \
            (mode 600), creates the secrets key (mode 600), and prints what to register with Spotify, the Caddyfile for your name and \
            the ports to open. Then start the server with `simulcast serve --config FILE` and check it with `simulcast doctor --config FILE`.
            """
    )

    @Flag(help: "Ask nothing: take every answer from the options (and fail on what is missing or wrong).")
    var nonInteractive = false

    @Option(help: ArgumentHelp("Where to write the config file (default: /etc/simulcast/simulcast.toml for root, else the config folder).", valueName: "file"))
    var config: String?

    @Flag(help: "Replace an existing config file.")
    var force = false

    @Option(help: ArgumentHelp("The https:// address friends open, e.g. https://listen.example.com.", valueName: "origin"))
    var publicOrigin: String?

    @Option(help: "Who serves HTTPS: caddy (in front, certificates by itself; the default) or builtin (serve, from certificate files).")
    var tls: TLSFront?

    @Option(help: "The port serve listens on (default 8080 behind Caddy, 443 built in).")
    var port: Int?

    @Option(help: ArgumentHelp("With --tls builtin: the certificate chain (PEM).", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("With --tls builtin: its private key (PEM).", valueName: "file"))
    var tlsKey: String?

    @Option(help: ArgumentHelp("With --tls builtin: a plain-HTTP port that redirects to https (e.g. 80).", valueName: "port"))
    var httpRedirectPort: Int?

    @Option(help: ArgumentHelp("The MusicKit private key (.p8) for Apple Music listeners.", valueName: "file"))
    var appleMusicKeyFile: String?

    @Option(help: "The MusicKit key's Key ID (10 characters).")
    var appleMusicKeyId: String?

    @Option(help: "Your Apple Developer Team ID (10 characters).")
    var appleMusicTeamId: String?

    @Option(help: "Your Spotify app's client id, for listeners' login and hosting from the browser.")
    var spotifyWebClientId: String?

    @Option(help: "A Spotify app's client id for reading Spotify's catalog (with --spotify-client-secret-file).")
    var spotifyClientId: String?

    @Option(help: ArgumentHelp("A file holding that app's client secret.", valueName: "file"))
    var spotifyClientSecretFile: String?

    @Option(help: "A SQLite file, or postgres://user@host:5432/db for several nodes (default: simulcast.sqlite in the state folder).")
    var database: String?

    @Option(help: ArgumentHelp("The secrets key (made if missing; several nodes share one; default: secrets.key in the state folder).", valueName: "file"))
    var secretsKeyFile: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let folders = SetupAnswers.defaultFolders(environment: environment, isRoot: getuid() == 0)
        let path = config ?? folders.config + "/simulcast.toml"
        if FileManager.default.fileExists(atPath: path), !force {
            throw ValidationError("\(path) exists; give --force to replace it, or --config another file")
        }
        let prompt = Prompt(interactive: !nonInteractive)
        var origin = publicOrigin
        if origin == nil { origin = prompt.ask("The https:// address friends will open (e.g. https://listen.example.com)") }
        guard let origin else { throw ValidationError("give --public-origin https://your.name") }
        var front = tls ?? .caddy
        if tls == nil,
            let answer = prompt.ask("Who serves HTTPS: caddy (recommended: certificates by itself) or builtin (your certificate files)", default: "caddy")
        {
            guard let chosen = TLSFront(rawValue: answer) else { throw ValidationError("answer caddy or builtin") }
            front = chosen
        }
        var certificate = tlsCertificate
        var key = tlsKey
        var redirect = httpRedirectPort
        if front == .builtin {
            certificate = certificate ?? prompt.ask("Certificate chain file (PEM)")
            key = key ?? prompt.ask("Its private key file (PEM)")
            if redirect == nil { redirect = prompt.ask("Plain-HTTP port that only redirects to https (empty: none)", default: "80").flatMap { Int($0) } }
        }
        var appleFile = appleMusicKeyFile
        var appleId = appleMusicKeyId
        var appleTeam = appleMusicTeamId
        if appleFile == nil, let file = prompt.ask("MusicKit key file (.p8) for Apple Music listeners (empty: no Apple Music)") {
            appleFile = file
            appleId = appleId ?? prompt.ask("Its Key ID")
            appleTeam = appleTeam ?? prompt.ask("Your Team ID")
        }
        let webClient = spotifyWebClientId ?? prompt.ask("Your Spotify app's client id, for Spotify listeners (empty: none)")
        var secretFile = spotifyClientSecretFile
        var catalogClient = spotifyClientId
        if catalogClient == nil, prompt.interactive, let id = prompt.ask("A Spotify app's client id for reading Spotify's catalog (empty: none)") {
            catalogClient = id
            if secretFile == nil, let secret = prompt.ask("Its client secret") {
                let file = (path as NSString).deletingLastPathComponent + "/spotify-client-secret"
                try Self.writePrivate(secret + "\n", to: file)
                secretFile = file
            }
        }
        let answers = SetupAnswers(
            origin: origin, front: front, port: port, certificate: certificate, key: key, redirectPort: redirect, appleMusicKeyFile: appleFile,
            appleMusicKeyId: appleId, appleMusicTeamId: appleTeam, spotifyWebClientId: webClient, spotifyClientId: catalogClient,
            spotifyClientSecretFile: secretFile, database: database ?? folders.state + "/simulcast.sqlite",
            secretsKeyFile: secretsKeyFile ?? folders.state + "/secrets.key")
        if let problem = answers.problem() { throw ValidationError(problem) }
        if answers.appleMusicKeyFile != nil {
            let check = AppleKeyCheck.judge(
                .init(
                    keyId: answers.appleMusicKeyId, teamId: answers.appleMusicTeamId, keyFile: answers.appleMusicKeyFile, pem: nil, origins: [answers.origin],
                    now: Date()))
            if check.outcome == .fail { throw ValidationError("the MusicKit key: \(check.detail)\(check.fix.map { "; \($0)" } ?? "")") }
        }
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        try Self.writePrivate(ConfigFileWriter.text(answers, writtenOn: day), to: path)
        let secrets = try SecretsKey.loadOrCreate(path: answers.secretsKeyFile).key
        print(try SetupInstructions.text(answers, configPath: path, keyId: secrets.id), terminator: "")
    }

    /// Written readable by its owner only, from the start; its folder made if missing.
    static func writePrivate(_ text: String, to path: String) throws {
        let manager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755]) }
        if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
        guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ValidationError("cannot write \(path) (is its folder writable by this user?)")
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
