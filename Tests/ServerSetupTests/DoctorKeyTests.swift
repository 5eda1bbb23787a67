import Foundation
import RoomStorage
import ServerHosting
import ServerSetup
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 33 (3): doctor says when this node's secrets key is not the one the database's
/// hosted logins were sealed with, naming both ids (never the keys).
@Suite struct DoctorKeyTests {
    @Test func doctorFailsWhenTheLoginsWereSealedWithAnotherKey() async throws {
        let folder = try TemporaryFolder()
        let database = folder.file("rooms.sqlite")
        let theirs = try SecretsKey.loadOrCreate(path: folder.file("theirs.key")).key
        let store = try await SQLiteRoomStore.open(path: database, clock: SystemClock())
        try await store.saveHostedAccount(room: "K7PQ2MXR9T", service: .spotify, sealedCredential: try theirs.seal(Array("login".utf8)))
        try await store.close()
        #expect(try await DatabaseSchema.sealedKeyIds(sqlite: database) == [theirs.id])

        for (keyFile, outcome) in [(folder.file("mine.key"), DoctorCheck.Outcome.fail), (folder.file("theirs.key"), .pass)] {
            _ = try SecretsKey.loadOrCreate(path: keyFile)
            let settings = try ServeSettings.load(
                configPath: nil, environment: [:],
                flags: ["database": .string(database), "secrets-key-file": .string(keyFile), "spotify-web-client-id": .string("web")])
            let report = await Doctor(settings: settings, configPath: nil, probes: LiveDoctorProbes()).run()
            let check = try #require(report.checks.first { $0.name == "secrets key" })
            #expect(check.outcome == outcome, "\(check)")
            if outcome == .fail { #expect(check.detail.contains(theirs.id) && check.fix?.contains("the same key id on every node") == true) }
        }
    }
}
