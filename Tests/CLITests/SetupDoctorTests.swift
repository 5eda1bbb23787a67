import Crypto
import Foundation
import SimulcastTesting
import Testing

/// Issue 32, as an operator runs it: `setup --non-interactive` writes a config that `serve`
/// starts with and `doctor` passes on.
@Suite struct SetupDoctorTests {
    @Test func setupWritesAConfigThatServeStartsWithAndDoctorPassesOn() async throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let certificate = try authority.issue(names: ["localhost"], in: folder.url)
        try authority.writeCertificate(to: folder.file("authority.pem"))
        let appleKey = folder.file("AuthKey_ABCDE12345.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: appleKey, atomically: true, encoding: .utf8)
        let port = try await FreePort.next()
        let config = folder.file("etc/simulcast.toml")
        let (status, output) = try ServeConfigTests.run([
            "setup", "--non-interactive", "--config", config, "--public-origin", "https://localhost:\(port)", "--tls", "builtin", "--port", "\(port)",
            "--tls-certificate", certificate.certificatePath, "--tls-key", certificate.keyPath, "--apple-music-key-file", appleKey,
            "--apple-music-key-id", "ABCDE12345", "--apple-music-team-id", "TEAM123456", "--spotify-web-client-id", "web-client",
            "--database", folder.file("var/simulcast.sqlite"), "--secrets-key-file", folder.file("var/secrets.key"),
        ])
        #expect(status == 0, "\(output)")
        #expect(output.contains("https://localhost:\(port)/r/callback"), "setup must say which redirect URI to register")
        #expect(output.contains("simulcast doctor --config \(config)"))
        #expect(!(try String(contentsOfFile: config, encoding: .utf8)).contains("http-redirect-port"), "no redirect port was asked for")
        for (file, mode) in [(config, 0o600), (folder.file("var/secrets.key"), 0o600)] {
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == mode, "\(file)")
        }
        // A second run does not overwrite what the first wrote.
        let (again, refusal) = try ServeConfigTests.run(["setup", "--non-interactive", "--config", config, "--public-origin", "https://localhost"])
        #expect(again != 0 && refusal.contains("--force"))

        // The same questions on a terminal: answered line by line, an empty line takes the default.
        let asked = folder.file("asked.toml")
        let answers = "https://listen.example.com\n\n\nweb-client\n\n"
        let (askedStatus, askedOutput) = try Self.runWithInput(
            ["setup", "--config", asked, "--database", folder.file("asked.sqlite"), "--secrets-key-file", folder.file("asked.key")], input: answers)
        #expect(askedStatus == 0, "\(askedOutput)")
        #expect(askedOutput.contains("The https:// address friends will open"))
        let written = try String(contentsOfFile: asked, encoding: .utf8)
        #expect(written.contains("public-origin = [\"https://listen.example.com\"]") && written.contains("spotify-web-client-id = \"web-client\""))
        #expect(written.contains("trusted-proxy = [\"127.0.0.1\"]"), "caddy is the default front")

        let serve = try ChildProcess(
            try ServeConfigTests.executable.path, ["serve", "--config", config, "--offline"], logPath: folder.file("serve.log"))
        defer { serve.stop() }
        // A patient bound: a process starting beside a hundred suites on two cores.
        let up = await Poll.until(timeout: Patience.processStart, interval: .milliseconds(100)) {
            (try? await TLSProbe.served(port: port, serverName: "localhost").serialHex) == certificate.serialHex
        }
        #expect(up, "serve did not start with the config setup wrote: \(serve.tail)")
        let (doctorStatus, report) = try ServeConfigTests.run(["doctor", "--config", config, "--ca-file", folder.file("authority.pem")])
        #expect(doctorStatus == 0, "\(report)")
        #expect(report.contains("Everything needed passed."))
        for line in [
            "ok    public origin", "ok    reachable", "ok    certificate", "ok    apple music key", "ok    database", "ok    secrets key", "ok    clock",
            "ok    port",
        ] {
            #expect(report.contains(line), "doctor did not say \(line): \(report)")
        }
    }

    static func runWithInput(_ arguments: [String], input: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = try ServeConfigTests.executable
        process.arguments = arguments
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
