import Catalogs
import Crypto
import Foundation
import ServerSetup
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 32: every `serve` setting from one config file, the environment over it, flags over
/// both; each value checked whichever layer gave it; unknown keys and bad values refused with
/// the key and what is allowed; secrets masked.
@Suite struct ServeSettingsTests {
    static func settings(file: String? = nil, environment: [String: String] = [:], flags: [String: TOMLValue] = [:]) throws -> ServeSettings {
        let layers = try LayeredSettings(keys: SettingKey.serve, fileText: file, filePath: "simulcast.toml", environment: environment, flags: flags)
        return try ServeSettings(layers, configFolder: "/config")
    }

    /// Issue 53: YouTube is offered to listeners where its songs can be matched: a Data API key
    /// (from the file, the environment or a key file) or an offline YouTube catalog; never offline
    /// without a catalog.
    @Test(
        arguments: [
            ("", [:], false), ("youtube-api-key = \"k\"", [:], true), ("", ["YOUTUBE_API_KEY": "k"], true),
            ("catalog = [\"youtube=videos.jsonl\"]", [:], true), ("offline = true\nyoutube-api-key = \"k\"", [:], false),
        ] as [(String, [String: String], Bool)])
    func youTubeIsOfferedWhereItsSongsCanBeMatched(_ file: String, _ environment: [String: String], _ offered: Bool) throws {
        let settings = try Self.settings(file: file, environment: environment)
        #expect(settings.server.web.offersYouTube == offered)
        #expect(settings.server.web.youtubeIFrameAPIURL == "https://www.youtube.com/iframe_api")
    }

    @Test(
        arguments: [
            // (file, environment, flag, port in effect, where it came from)
            (nil, nil, nil, 8080, SettingSource.defaultValue),
            ("port = 9000", nil, nil, 9000, .file(path: "simulcast.toml", line: 1)),
            ("port = 9000", "9100", nil, 9100, .environment("SIMULCAST_PORT")),
            ("port = 9000", "9100", 9200, 9200, .flag("port")),
            (nil, "9100", 9200, 9200, .flag("port")),
            ("port = 9000", nil, 9200, 9200, .flag("port")),
            ("port = 9000", "", nil, 9000, .file(path: "simulcast.toml", line: 1)),  // an empty variable is unset
        ] as [(String?, String?, Int64?, Int, SettingSource)])
    func flagsBeatTheEnvironmentWhichBeatsTheFile(file: String?, environment: String?, flag: Int64?, port: Int, source: SettingSource) throws {
        let settings = try Self.settings(
            file: file, environment: environment.map { ["SIMULCAST_PORT": $0] } ?? [:], flags: flag.map { ["port": .integer($0)] } ?? [:])
        #expect(settings.server.port == port)
        #expect(try settings.layers.value(.port)?.source == source)
    }

    @Test func listsAndNamesKeptFromEarlierVersionsComeFromTheEnvironmentToo() throws {
        let settings = try Self.settings(
            file: "public-origin = [\"https://a.example\"]\ntrusted-proxy = \"127.0.0.1\"",
            environment: [
                "SIMULCAST_PUBLIC_ORIGIN": "https://B.example:443/, https://c.example", "SIMULCAST_DATABASE_URL": "/data/rooms.sqlite",
                "SPOTIFY_WEB_CLIENT_ID": "web-id", "SIMULCAST_OFFLINE": "yes",
            ])
        #expect(settings.server.web.publicOrigins == ["https://b.example", "https://c.example"])
        #expect(settings.server.trustedProxies == ["127.0.0.1"])
        #expect(settings.database == "/data/rooms.sqlite")
        #expect(settings.server.web.spotifyClientId == "web-id")
        #expect(settings.catalog.live == false)
    }

    @Test(
        arguments: [
            ("prot = 8080", "simulcast.toml line 1: unknown key \"prot\"; did you mean port?"),
            ("[server]\nport = 8080", "simulcast.toml line 2: unknown key \"server.port\""),
            ("tls-certifcate = \"a\"", "did you mean tls-certificate?"),
            ("colour = \"blue\"", "unknown key \"colour\" (the keys are serve's flags"),
            ("port = \"8080\"", "port (simulcast.toml line 1): expected an integer from 0 to 65535, got \"8080\""),
            ("port = 70000", "port (simulcast.toml line 1): expected an integer from 0 to 65535, got 70000"),
            ("matcher = \"best\"", "matcher (simulcast.toml line 1): expected one of simulcast, seed, got \"best\""),
            ("public-origin = [\"https://a.example/path\"]", "expected a list of origins such as [\"https://listen.example.com\"]"),
            ("offline = \"yes\"", "offline (simulcast.toml line 1): expected true or false"),
            ("header-timeout = 0", "header-timeout (simulcast.toml line 1): expected a number of at least 0.001, got 0"),
            ("legacy-room-codes-until = 2027-02-30", "legacy-room-codes-until"),
            ("itunes-url = \"ftp://x\"", "itunes-url (simulcast.toml line 1): expected an http:// or https:// address"),
            ("log-level = \"loud\"", "expected one of trace, debug, info, notice, warning, error, critical"),
            ("tls-certificate = \"c.pem\"", "tls-certificate and tls-key go together"),
            ("http-redirect-port = 80", "http-redirect-port sends visitors to the server's https address, so it needs tls-certificate and tls-key"),
            ("catalog = [\"apple-music\"]", "catalog (simulcast.toml line 1): expected SERVICE=FILE"),
            ("port = 1\nport = 2", "simulcast.toml line 2: the key port is set twice"),
        ] as [(String, String)])
    func refusesWithTheKeyAndWhatIsAllowed(file: String, message: String) {
        do {
            _ = try Self.settings(file: file)
            Issue.record("accepted \(file)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func aBadEnvironmentValueNamesTheVariable() {
        #expect(throws: SettingsError.badValue(key: "port", source: .environment("SIMULCAST_PORT"), expected: "an integer from 0 to 65535", got: "\"x\"")) {
            try Self.settings(environment: ["SIMULCAST_PORT": "x"])
        }
    }

    @Test func aSecretIsNeverRepeatedInAnErrorNorShownByPrintConfig() throws {
        // A secret that is not valid for its kind is refused without being echoed.
        do {
            _ = try Self.settings(file: "admin-token = 12345")
            Issue.record("accepted a number as a token")
        } catch {
            #expect(!"\(error)".contains("12345"))
            #expect("\(error)".contains("admin-token"))
        }
        let folder = try TemporaryFolder()
        let pem = P256.Signing.PrivateKey().pemRepresentation
        try "client-secret-from-file\n".write(toFile: folder.file("spotify.secret"), atomically: true, encoding: .utf8)
        try "db-password\n".write(toFile: folder.file("db.password"), atomically: true, encoding: .utf8)
        let settings = try Self.settings(
            file: """
                spotify-client-secret-file = "\(folder.file("spotify.secret"))"
                database-password-file = "\(folder.file("db.password"))"
                database = "postgres://simulcast:url-password@db.example:5432/simulcast"
                """,
            environment: [
                "SIMULCAST_ADMIN_TOKEN": "admin-secret-token", "APPLE_MUSIC_PRIVATE_KEY": pem, "APPLE_MUSIC_KEY_ID": "KEY1234567",
                "APPLE_MUSIC_TEAM_ID": "TEAM123456",
            ])
        #expect(settings.server.adminToken == "admin-secret-token")
        #expect(settings.catalog.spotifyClientSecret == "client-secret-from-file")
        #expect(settings.databasePassword == "db-password")
        let report = SettingsReport(settings.layers).render()
        for secret in ["admin-secret-token", "client-secret-from-file", "db-password", "url-password", String(pem.split(separator: "\n")[1])] {
            #expect(!report.contains(secret), "print-config shows \(secret)")
        }
        #expect(report.contains("# admin-token = \"********\"  # environment SIMULCAST_ADMIN_TOKEN, masked"))
        #expect(report.contains("database = \"postgres://simulcast:********@db.example:5432/simulcast\""))
        // Issue 52 (8): before, a password with % or # was not a URL to read, and was printed whole.
        for password in ["pa%ss", "pa#ss", "p@ss#w%rd/x"] {
            let odd = try Self.settings(file: "database = \"postgres://simulcast:\(password)@db.example/simulcast\"")
            let shown = SettingsReport(odd.layers).render()
            #expect(!shown.contains(password), "print-config shows \(password)")
            #expect(shown.contains("database = \"postgres://simulcast:********@db.example/simulcast\""), "\(shown)")
        }
        // Before, a secret left unquoted in the file was echoed in the start-up error.
        for unquoted in ["admin-token = s3cr3t-t0ken-value", "spotify-client-secret = abc%def#ghi", "admin-token = 0xdeadbeefcafe"] {
            do {
                _ = try Self.settings(file: unquoted)
                Issue.record("read \(unquoted)")
            } catch {
                let secret = String(unquoted.split(separator: "=")[1].dropFirst())
                #expect(!"\(error)".contains(secret.prefix(6)), "\(error)")
                #expect("\(error)".contains(String(unquoted.split(separator: " ")[0])), "\(error)")
            }
        }
        // What it prints is a config file serve reads back.
        // What it prints reads back as a config file (the database URL without its password).
        let again = try Self.settings(file: report.replacingOccurrences(of: ":********@", with: "@"), environment: ["APPLE_MUSIC_PRIVATE_KEY": pem])
        #expect(again.server.port == settings.server.port && again.catalog.spotifyClientSecret == "client-secret-from-file")
    }

    /// Every key changes what `serve` runs with: none is read and then ignored.
    @Test func everySettingReachesWhatServeRuns() throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let issued = try authority.issue(names: ["listen.example.com"], in: folder.url)
        let keyFile = folder.file("AuthKey.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let secretFile = folder.file("secret")
        try "s3cret".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let apple = "apple-music-key-id = \"KEY1234567\"\napple-music-team-id = \"TEAM123456\"\napple-music-key-file = \"\(keyFile)\""
        let pemLine = try String(contentsOfFile: keyFile, encoding: .utf8).replacingOccurrences(of: "\n", with: "\\n")
        let appleByText = "apple-music-key-id = \"KEY1234567\"\napple-music-team-id = \"TEAM123456\"\napple-music-private-key = \"\(pemLine)\""
        let tls = "tls-certificate = \"\(issued.certificatePath)\"\ntls-key = \"\(issued.keyPath)\""
        // (what the setting needs beside it, the setting)
        let samples: [SettingKey: (String, String)] = [
            .hostname: ("", "hostname = \"0.0.0.0\""), .port: ("", "port = 9443"),
            .tlsCertificate: ("", tls), .tlsKey: ("", tls), .tlsReloadInterval: (tls, "tls-reload-interval = 5"),
            .httpRedirectPort: (tls, "http-redirect-port = 8081"),
            .publicOrigin: ("", "public-origin = [\"https://listen.example.com\"]"), .trustedProxy: ("", "trusted-proxy = [\"127.0.0.1\"]"),
            .database: ("", "database = \"rooms.sqlite\""), .databasePasswordFile: ("", "database-password-file = \"\(secretFile)\""),
            .databaseConnections: ("", "database-connections = 4"), .secretsKeyFile: ("", "secrets-key-file = \"/keys/secrets.key\""),
            .adminToken: ("", "admin-token = \"t0ken\""), .adminTokenFile: ("", "admin-token-file = \"\(secretFile)\""),
            .catalog: ("", "catalog = [\"deezer=deezer.jsonl\"]"), .offline: ("", "offline = true"), .matcher: ("", "matcher = \"seed\""),
            .appleMusicKeyId: ("", apple), .appleMusicTeamId: ("", apple), .appleMusicKeyFile: ("", apple),
            .appleMusicPrivateKey: ("", appleByText), .appleMusicTokenLifetime: ("", "apple-music-token-lifetime = 600"),
            .spotifyClientId: ("", "spotify-client-id = \"app\""), .spotifyClientSecret: ("", "spotify-client-secret = \"s\""),
            .spotifyClientSecretFile: ("", "spotify-client-secret-file = \"\(secretFile)\""), .spotifyWebClientId: ("", "spotify-web-client-id = \"web\""),
            .itunesRequestsPerMinute: ("", "itunes-requests-per-minute = 5"), .retryAfterCapSeconds: ("", "retry-after-cap-seconds = 5"),
            .itunesURL: ("", "itunes-url = \"http://127.0.0.1:1\""), .appleMusicURL: ("", "apple-music-url = \"http://127.0.0.1:1\""),
            .deezerURL: ("", "deezer-url = \"http://127.0.0.1:1\""), .spotifyAPIURL: ("", "spotify-api-url = \"http://127.0.0.1:1\""),
            .spotifyAccountsURL: ("", "spotify-accounts-url = \"http://127.0.0.1:1\""),
            .youtubeAPIKey: ("", "youtube-api-key = \"k\""), .youtubeAPIKeyFile: ("", "youtube-api-key-file = \"\(secretFile)\""),
            .youtubeAPIURL: ("", "youtube-api-url = \"http://127.0.0.1:1\""),
            .musicKitScriptURL: ("", "musickit-script-url = \"http://127.0.0.1:1/m.js\""),
            .spotifySDKScriptURL: ("", "spotify-sdk-script-url = \"http://127.0.0.1:1/s.js\""),
            .youtubeIFrameAPIURL: ("", "youtube-iframe-api-url = \"http://127.0.0.1:1/y.js\""),
            .maxConnections: ("", "max-connections = 10"), .maxConnectionsPerAddress: ("", "max-connections-per-address = 10"),
            .maxConnectionsPerNetwork: ("", "max-connections-per-network = 10"), .maxListenersPerRoom: ("", "max-listeners-per-room = 10"),
            .roomCreationsPerMinute: ("", "room-creations-per-minute = 10"), .roomLookupMissesPerMinute: ("", "room-lookup-misses-per-minute = 10"),
            .legacyRoomCodesUntil: ("", "legacy-room-codes-until = 2026-06-01"), .headerTimeout: ("", "header-timeout = 3"),
            .drainTimeout: ("", "drain-timeout = 3"), .roomExpiry: ("", "room-expiry = 3600"), .sweepInterval: ("", "sweep-interval = 5"),
            .shutdownTimeout: ("", "shutdown-timeout = 3"), .logLevel: ("", "log-level = \"debug\""),
        ]
        #expect(Set(samples.keys) == Set(SettingKey.serve), "a setting without a sample: \(Set(SettingKey.serve).subtracting(samples.keys))")
        for key in SettingKey.serve {
            let (base, setting) = try #require(samples[key])
            let file = base + "\n" + setting
            let before = Self.fingerprint(try Self.settings(file: base))
            let after = try Self.settings(file: file)
            #expect(Self.fingerprint(after) != before, "\(key.name) from the file changes nothing serve runs with")
            guard case .file? = try after.layers.value(key)?.source else {
                Issue.record("\(key.name) did not come from the file")
                continue
            }
        }
    }

    /// The example config in the archive reads, and so does each setting it shows commented out.
    @Test func theExampleConfigReadsWithEveryCommentedSettingToo() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: repository.appendingPathComponent("deploy/simulcast.example.toml"), encoding: .utf8)
        let settings = try Self.settings(file: text)
        #expect(settings.server.web.publicOrigins == ["https://listen.example.com"] && settings.server.trustedProxies == ["127.0.0.1"])
        let names = Set(SettingKey.serve.map(\.name))
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard line.hasPrefix("# "), let key = line.dropFirst(2).split(separator: " ").first, names.contains(String(key)), line.contains(" = ") else {
                return line
            }
            return line.dropFirst(2)
        }
        // Both ways of serving are shown; the later one wins a key, so each key is read once.
        var seen = Set<String>()
        let once = uncommented.filter { line in
            guard let key = line.split(separator: " ").first, names.contains(String(key)) else { return true }
            return seen.insert(String(key)).inserted
        }
        let layers = try LayeredSettings(keys: SettingKey.serve, fileText: once.joined(separator: "\n"), environment: [:], flags: [:])
        for key in SettingKey.serve { _ = try layers.value(key) }
        #expect(seen.count >= 15, "only \(seen.count) settings in the example")
    }

    /// Everything serve is built from, as text (secrets included: only compared, never shown).
    static func fingerprint(_ settings: ServeSettings) -> String {
        var text = ""
        dump(settings.server, to: &text)
        dump(settings.catalog, to: &text)
        dump(
            (settings.matcher, settings.database, settings.databasePassword, settings.databaseConnections, settings.secretsKeyFile, settings.logLevel),
            to: &text)
        return text
    }
}
