import Foundation
import ServerSetup
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 53 (2): doctor checks the YouTube Data API key with one `videos.list` call (1 quota
/// unit), against a loopback Data API: a good key passes, a wrong one fails with the fix and
/// without the key in any word, and no key is a skip that says what YouTube would give.
@Suite struct DoctorYouTubeTests {
    @Test(arguments: [("test-youtube-key", DoctorCheck.Outcome.pass), ("wrong-key-kept-secret", .fail), ("", .skip)])
    func theKeyIsCheckedWithOneCall(_ key: String, _ outcome: DoctorCheck.Outcome) async throws {
        let state = FakeYouTube.State(videos: [])
        try await FakeServiceServer.run(FakeYouTube.router(state: state)) { base in
            let folder = try TemporaryFolder()
            var flags: [String: TOMLValue] = ["database": .string(folder.file("rooms.sqlite")), "youtube-api-url": .string(base)]
            if !key.isEmpty {
                try key.write(toFile: folder.file("youtube.key"), atomically: true, encoding: .utf8)
                flags["youtube-api-key-file"] = .string(folder.file("youtube.key"))
            }
            let settings = try ServeSettings.load(configPath: nil, environment: [:], flags: flags)
            let report = await Doctor(settings: settings, configPath: nil, probes: LiveDoctorProbes()).run()
            let check = try #require(report.checks.first { $0.name == "youtube" })
            #expect(check.outcome == outcome, "\(check)")
            #expect(await state.calls == (key.isEmpty ? 0 : 1))
            #expect(!"\(check.detail) \(check.fix ?? "")".contains("kept-secret"))
            if outcome == .fail { #expect(check.fix?.contains("Credentials") == true, "\(check)") }
        }
    }
}
