import Crypto
import Foundation
import SQLiteNIO
import ServerHosting
import ServerSetup
import SimulcastTesting
import Testing

/// Issue 32: doctor fails, with the fix in its output, for each way a setup goes wrong, read
/// from real files by the live probes.
@Suite struct DoctorFailureTests {
    enum Broken: String, CaseIterable {
        case httpOrigin, certificateForAnotherName, expiredCertificate, keyThatIsNotP256, missingKeyId, worldReadableSecretsKey, newerSchema
    }

    @Test(arguments: Broken.allCases)
    func doctorFailsAndSaysHowToFix(_ broken: Broken) async throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let names = broken == .certificateForAnotherName ? ["other.example.com"] : ["listen.example.com"]
        let expired = broken == .expiredCertificate
        let certificate = try authority.issue(
            names: names, in: folder.url, notBefore: Date().addingTimeInterval(expired ? -90 * 86_400 : -60),
            notAfter: Date().addingTimeInterval(expired ? -86_400 : 30 * 86_400))
        let appleKey = folder.file("AuthKey.p8")
        let pem = broken == .keyThatIsNotP256 ? P384.Signing.PrivateKey().pemRepresentation : P256.Signing.PrivateKey().pemRepresentation
        try pem.write(toFile: appleKey, atomically: true, encoding: .utf8)
        let secrets = folder.file("secrets.key")
        _ = try SecretsKey.loadOrCreate(path: secrets)
        if broken == .worldReadableSecretsKey { try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secrets) }
        let database = folder.file("rooms.sqlite")
        if broken == .newerSchema { try await Self.makeDatabase(database, schema: 99) }
        let file = """
            public-origin = ["\(broken == .httpOrigin ? "http" : "https")://listen.example.com"]
            hostname = "127.0.0.1"
            port = \(try await FreePort.next())
            tls-certificate = "\(certificate.certificatePath)"
            tls-key = "\(certificate.keyPath)"
            database = "\(database)"
            secrets-key-file = "\(secrets)"
            apple-music-key-file = "\(appleKey)"
            \(broken == .missingKeyId ? "" : "apple-music-key-id = \"ABCDE12345\"")
            apple-music-team-id = "TEAM123456"
            spotify-web-client-id = "web-client"
            """
        try file.write(toFile: folder.file("simulcast.toml"), atomically: true, encoding: .utf8)
        let settings = try ServeSettings.load(configPath: folder.file("simulcast.toml"), environment: [:], flags: [:], checkingAppleKey: false)
        let report = await Doctor(settings: settings, configPath: folder.file("simulcast.toml"), probes: LiveDoctorProbes()).run()
        let (name, detail): (String, String) =
            switch broken {
            case .httpOrigin: ("public origin", "is not https://")
            case .certificateForAnotherName: ("certificate", "is for other.example.com, not listen.example.com")
            case .expiredCertificate: ("certificate", "expired on")
            case .keyThatIsNotP256: ("apple music key", "P-384")
            case .missingKeyId: ("apple music key", "apple-music-key-id is not set")
            case .worldReadableSecretsKey: ("secrets key", "can be read by other users")
            case .newerSchema: ("database", "written by a newer Simulcast (schema 99")
            }
        let check = try #require(report.checks.first { $0.name == name })
        #expect(check.outcome == .fail && check.detail.contains(detail), "\(check)")
        #expect(check.fix != nil)
        #expect(!report.passed)
        #expect(report.render().contains("fix: \(check.fix ?? "")"))
    }

    static func makeDatabase(_ path: String, schema: Int) async throws {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("PRAGMA user_version = \(schema)")
        _ = try await connection.query("CREATE TABLE rooms (code TEXT)")
        try await connection.close()
    }
}
