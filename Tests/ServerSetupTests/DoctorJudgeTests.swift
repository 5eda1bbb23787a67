import Crypto
import Foundation
import RoomStorage
import ServerHosting
import ServerSetup
import SimulcastTesting
import Testing

/// Issue 32: each of doctor's judgements as a table: what passes, what fails, and that every
/// failure says how to fix it.
@Suite struct DoctorJudgeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static func days(_ count: Double) -> Date { now.addingTimeInterval(count * 86_400) }

    @Test(
        arguments: [
            (["listen.example.com"], "listen.example.com", -10.0, 60.0, DoctorCheck.Outcome.pass),
            (["*.example.com"], "listen.example.com", -10, 60, .pass),
            (["*.example.com"], "a.b.example.com", -10, 60, .fail),
            (["*.example.com"], "example.com", -10, 60, .fail),
            (["other.example.com"], "listen.example.com", -10, 60, .fail),
            ([], "listen.example.com", -10, 60, .fail),
            (["LISTEN.example.com"], "listen.example.com", -10, 60, .fail),  // names are read lowercased from certificates
            (["listen.example.com"], "listen.example.com", -90, -1, .fail),  // expired
            (["listen.example.com"], "listen.example.com", 2, 90, .fail),  // not yet valid
            (["listen.example.com"], "listen.example.com", -80, 5, .warn),  // renewal overdue
            (["127.0.0.1"], "127.0.0.1", -1, 30, .pass),
        ] as [([String], String, Double, Double, DoctorCheck.Outcome)])
    func certificates(names: [String], host: String, from: Double, until: Double, outcome: DoctorCheck.Outcome) {
        let check = CertificateCheck.judge(
            CertificateFacts(names: names, notBefore: Self.days(from), notAfter: Self.days(until)), host: host, now: Self.now, source: "cert.pem")
        #expect(check.outcome == outcome, "\(check)")
        if outcome != .pass { #expect(check.fix != nil) }
    }

    @Test func appleKeys() throws {
        let folder = try TemporaryFolder()
        let good = folder.file("good.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: good, atomically: true, encoding: .utf8)
        let p384 = folder.file("p384.p8")
        try P384.Signing.PrivateKey().pemRepresentation.write(toFile: p384, atomically: true, encoding: .utf8)
        let junk = folder.file("junk.p8")
        try "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".write(toFile: junk, atomically: true, encoding: .utf8)
        let origins = ["https://listen.example.com"]
        let cases: [(String?, String?, String?, DoctorCheck.Outcome, String)] = [
            ("ABCDE12345", "TEAM123456", good, .pass, "ES256 key ABCDE12345 of team TEAM123456"),
            (nil, nil, nil, .skip, "not offered"),
            ("ABCDE12345", "TEAM123456", p384, .fail, "P-384"),
            ("ABCDE12345", "TEAM123456", junk, .fail, "not a PKCS#8 EC private key"),
            (nil, "TEAM123456", good, .fail, "apple-music-key-id is not set"),
            ("ABCDE12345", nil, good, .fail, "apple-music-team-id is not set"),
            ("ABCDE12345", "TEAM123456", folder.file("missing.p8"), .fail, "cannot read"),
            ("abc", "TEAM123456", good, .warn, "not 10 capital letters and digits"),
            ("ABCDE12345", "TEAM123456", nil, .fail, "no key"),
        ]
        for (keyId, teamId, file, outcome, detail) in cases {
            let check = AppleKeyCheck.judge(.init(keyId: keyId, teamId: teamId, keyFile: file, pem: nil, origins: origins, now: Date()))
            #expect(check.outcome == outcome && check.detail.contains(detail), "\(keyId ?? "-") \(teamId ?? "-") \(file ?? "-"): \(check)")
            if outcome == .fail || outcome == .warn { #expect(check.fix != nil, "\(check)") }
        }
    }

    @Test func secretsKeys() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("secrets.key")
        #expect(SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path)).outcome == .warn)
        let key = try SecretsKey.loadOrCreate(path: path).key
        let fine = SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path))
        #expect(fine.outcome == .pass && fine.detail.contains(key.id))
        #expect(SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path), sealedWith: ["0123456789ab"]).outcome == .fail)
        #expect(SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path), sealedWith: [key.id]).outcome == .pass)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let open = SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path))
        #expect(open.outcome == .fail && open.fix == "chmod 600 \(path)")
        try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SecretsKeyCheck.judge(path: path, inspection: SecretsKey.inspect(path: path)).outcome == .fail)
    }

    @Test(arguments: [
        (DatabaseSchema.Reading(found: 0, current: 5, exists: false), DoctorCheck.Outcome.pass),
        (.init(found: 5, current: 5, exists: true), .pass),
        (.init(found: 3, current: 5, exists: true), .pass),
        (.init(found: 9, current: 5, exists: true), .fail),
    ])
    func schemas(reading: DatabaseSchema.Reading, outcome: DoctorCheck.Outcome) {
        let check = SchemaCheck.judge(reading, location: "rooms.sqlite")
        #expect(check.outcome == outcome, "\(check)")
    }

    @Test(arguments: [
        ([String](), DoctorCheck.Outcome.fail), (["http://listen.example.com"], .fail), (["https://listen.example.com"], .pass),
        (["http://10.0.0.2:8080", "https://listen.example.com"], .pass),
    ])
    func origins(origins: [String], outcome: DoctorCheck.Outcome) {
        let check = OriginCheck.judge(origins)
        #expect(check.outcome == outcome)
        if outcome == .fail { #expect(check.fix?.contains("https://") == true) }
    }

    @Test(arguments: [(0.0, DoctorCheck.Outcome.pass), (29, .pass), (-29, .pass), (31, .fail), (-3600, .fail)])
    func clocks(offset: Double, outcome: DoctorCheck.Outcome) {
        #expect(ClockCheck.judge(now: Self.now.addingTimeInterval(offset), reference: Self.now, referenceName: "the origin").outcome == outcome)
    }

    @Test func aReportFailsWhenAnyCheckFailsAndPrintsTheFix() {
        let report = DoctorReport(checks: [
            DoctorCheck("a", .pass, "fine"), DoctorCheck("b", .warn, "soon", fix: "renew"), DoctorCheck("c", .fail, "broken", fix: "mend it"),
        ])
        #expect(!report.passed)
        #expect(report.render().contains("FAIL  c  broken\n         fix: mend it"))
        #expect(DoctorReport(checks: [DoctorCheck("a", .pass, "fine"), DoctorCheck("b", .warn, "soon", fix: "x")]).passed)
    }
}
