import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastTesting
import Testing

/// Issue 32, as a user meets it: `serve`'s flags, its config file and its environment are one
/// set of settings; what it prints never holds a secret.
@Suite struct ServeConfigTests {
    static var executable: URL { get throws { try #require(BuiltExecutable.simulcast, "build the CLI first: swift build --build-tests") } }

    /// Each flag of `serve` is a key of the config file (and the other way round, but for the
    /// secrets that are file- or environment-only).
    @Test func everyServeFlagIsAConfigKey() throws {
        let (status, output) = try HelpSnapshotTests.runStatus(try Self.executable, arguments: ["serve", "--experimental-dump-help"])
        #expect(status == 0)
        struct Dump: Decodable {
            struct Command: Decodable { var arguments: [Argument] }
            struct Argument: Decodable { var names: [Name]? }
            struct Name: Decodable { var name: String; var kind: String }
            var command: Command
        }
        let dump = try JSONDecoder().decode(Dump.self, from: Data(output.utf8))
        let flags = Set(dump.command.arguments.compactMap { $0.names?.first { $0.kind == "long" }?.name })
        let (_, printed) = try HelpSnapshotTests.runStatus(try Self.executable, arguments: ["serve", "--print-config"])
        // Every setting appears in --print-config, set or not.
        let keys = Set(
            printed.split(separator: "\n").compactMap { line -> String? in
                let text = line.hasPrefix("# ") ? line.dropFirst(2) : line[...]
                guard let end = text.firstIndex(where: { $0 == " " }),
                    text.dropFirst(text.distance(from: text.startIndex, to: end)).hasPrefix(" = ") || text.contains(" is not set")
                else { return nil }
                return String(text[..<end])
            })
        #expect(keys.count > 40 && flags.count > 40, "read \(keys.count) keys and \(flags.count) flags")
        let secretsOnly: Set<String> = ["admin-token", "spotify-client-secret", "apple-music-private-key", "youtube-api-key"]
        let commandOnly: Set<String> = ["config", "print-config", "version", "help"]
        #expect(
            flags.subtracting(commandOnly) == keys.subtracting(secretsOnly),
            "flags without a key: \(flags.subtracting(commandOnly).subtracting(keys)); keys without a flag: \(keys.subtracting(secretsOnly).subtracting(flags))"
        )
    }

    @Test func printConfigShowsWhereEachValueCameFromAndMasksSecrets() throws {
        let folder = try TemporaryFolder()
        let config = folder.file("simulcast.toml")
        try "port = 9000\nhostname = \"0.0.0.0\"\ndatabase = \"postgres://u:file-password@db:5432/x\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let (status, output) = try Self.run(
            ["serve", "--config", config, "--port", "9200", "--print-config"],
            environment: ["SIMULCAST_HOSTNAME": "127.0.0.1", "SIMULCAST_ADMIN_TOKEN": "env-admin-token", "SPOTIFY_CLIENT_SECRET": "env-client-secret"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("port = 9200  # flag --port"))
        #expect(output.contains("hostname = \"127.0.0.1\"  # environment SIMULCAST_HOSTNAME"))
        #expect(output.contains("database = \"postgres://u:********@db:5432/x\"  # \(config) line 3"))
        #expect(output.contains("# admin-token = \"********\"  # environment SIMULCAST_ADMIN_TOKEN, masked"))
        for secret in ["env-admin-token", "env-client-secret", "file-password"] { #expect(!output.contains(secret)) }
    }

    @Test func anUnknownKeyAndABadValueStopServeWithTheirKeys() throws {
        let folder = try TemporaryFolder()
        let config = folder.file("simulcast.toml")
        try "prot = 9000\n".write(toFile: config, atomically: true, encoding: .utf8)
        var (status, output) = try Self.run(["serve", "--config", config])
        #expect(status != 0)
        #expect(output.contains("\(config) line 1: unknown key \"prot\"; did you mean port?"), "\(output)")
        try "max-listeners-per-room = -5\n".write(toFile: config, atomically: true, encoding: .utf8)
        (status, output) = try Self.run(["serve", "--config", config])
        #expect(status != 0)
        #expect(output.contains("max-listeners-per-room (\(config) line 1): expected an integer from 1 to 1000000, got -5"), "\(output)")
        (status, output) = try Self.run(["serve", "--config", folder.file("missing.toml")])
        #expect(status != 0)
        #expect(output.contains("cannot read the config file \(folder.file("missing.toml")): no such file"), "\(output)")
    }

    /// At trace level, through start, requests and shutdown, no secret is written.
    @Test func noSecretIsLoggedAtAnyLevel() async throws {
        let folder = try TemporaryFolder()
        let adminFile = folder.file("admin.token")
        try "file-admin-token-0123456789\n".write(toFile: adminFile, atomically: true, encoding: .utf8)
        let secretFile = folder.file("spotify.secret")
        try "file-client-secret-0123456789".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let port = try await FreePort.next()
        let process = Process()
        process.executableURL = try Self.executable
        process.arguments = [
            "serve", "--port", "\(port)", "--database", folder.file("rooms.sqlite"), "--offline", "--log-level", "trace", "--admin-token-file", adminFile,
            "--spotify-client-id", "client-id", "--spotify-client-secret-file", secretFile, "--secrets-key-file", folder.file("secrets.key"),
        ]
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let started = await Poll.until(timeout: Patience.processStart) { await Self.get("http://127.0.0.1:\(port)/healthz", token: nil) == 200 }
        #expect(started)
        #expect(await Self.get("http://127.0.0.1:\(port)/metrics", token: "file-admin-token-0123456789") == 200)
        #expect(await Self.get("http://127.0.0.1:\(port)/v1/matches/corrections", token: "file-admin-token-0123456789") == 200)
        process.terminate()
        process.waitUntilExit()
        let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("simulcast serving"), "the log was not captured")
        for secret in ["file-admin-token-0123456789", "file-client-secret-0123456789"] { #expect(!text.contains(secret), "the log shows \(secret)") }
    }

    /// The CLI run without the test process's own SIMULCAST_ variables, with `environment` added.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIMULCAST_") }
        merged.merge(environment) { _, new in new }
        return try HelpSnapshotTests.runStatus(try executable, arguments: arguments, environment: merged)
    }

    static func get(_ url: String, token: String?) async -> Int? {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        guard let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(10)) else { return nil }
        return Int(response.status.code)
    }
}
