import Catalogs
import Logging
import SimulcastCore
import SimulcastTesting
import SpotifyAuth
import Testing

/// The Player endpoints a Connect listener uses, against the loopback Web API: the wire format
/// of each call and every refusal turned into words a listener can act on.
@Suite struct SpotifyConnectClientTests {
    static let track = TrackMetadata(service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artists: ["B*Witched"], durationMs: 178_133)
    static let phone = SpotifyConnectDevice(id: "phone-1", name: "Ana's iPhone", kind: "Smartphone", isActive: true)
    static let speaker = SpotifyConnectDevice(id: "speaker-1", name: "Kitchen", kind: "Speaker", isRestricted: true)

    struct Rig: Sendable {
        var api: SpotifyClient
        var player: FakeSpotify.Player
        var state: FakeServiceState
    }

    func withClient(_ body: @Sendable (Rig) async throws -> Void) async throws {
        let clock = SystemClock()
        let state = FakeServiceState(tracks: [Self.track], clock: clock)
        let accounts = FakeSpotifyAccounts(clientId: "listener-client", clientSecret: "unused")
        let player = FakeSpotify.Player(clock: clock)
        await player.setDevices([Self.phone, Self.speaker])
        let logger = {
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            return logger
        }()
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { base in
            let tokens = SpotifyUserTokenProvider(
                clientId: "listener-client", refreshToken: await accounts.issueRefreshToken(), accountsURL: base, clock: clock, logger: logger)
            let api = SpotifyClient(
                token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: base, retry: RetryPolicy(maximumAttempts: 1),
                clock: clock, logger: logger)
            try await body(Rig(api: api, player: player, state: state))
        }
    }

    @Test func listsDevicesAndPlaysSeeksAndPausesOnOne() async throws {
        try await withClient { rig in
            let devices = try await rig.api.devices()
            #expect(devices == [Self.phone, Self.speaker])
            #expect(try await rig.api.playback().value == nil)  // 204: nothing active yet

            try await rig.api.play(trackId: Self.track.id, positionMs: 12_345, deviceId: "phone-1")
            try await rig.api.seek(positionMs: 60_000, deviceId: "phone-1")
            try await rig.api.pause(deviceId: "phone-1")
            try await rig.api.resume(deviceId: "phone-1")
            #expect(
                await rig.player.commands == [
                    "play spotify:track:4dE2vWsTtOBBWmuJY4vkVf at 12345 on phone-1", "seek 60000 on phone-1", "pause on phone-1", "resume on phone-1",
                ])
            let answer = try await rig.api.playback()
            #expect(answer.value?.deviceId == "phone-1")
            #expect(answer.value?.trackId == Self.track.id)
            #expect(answer.value?.playing == true)
            #expect(answer.value.map { $0.progressMs >= 60_000 && $0.progressMs < 62_000 } == true)
            #expect(answer.value?.durationMs == 178_133)
            #expect(answer.sentAt <= answer.receivedAt)
        }
    }

    @Test(arguments: [
        ("not premium", SpotifyConnectRefusal.notPremium),
        ("gone", .noDevice),
        ("429", .rateLimited(retryAfterMs: 7_000)),
        ("500", .failed("HTTP 500")),
    ])
    func refusalsAreNamed(_ situation: String, _ expected: SpotifyConnectRefusal) async throws {
        try await withClient { rig in
            var deviceId = "phone-1"
            switch situation {
            case "not premium": await rig.player.setPremium(false)
            case "gone": deviceId = "closed-app"
            case "429": await rig.state.failNext(.status(429, retryAfter: 7), onPathContaining: "play")
            default: await rig.state.failNext(.status(500, retryAfter: nil), onPathContaining: "play")
            }
            await #expect(throws: expected) { try await rig.api.play(trackId: Self.track.id, positionMs: 0, deviceId: deviceId) }
            #expect(await rig.player.commands.isEmpty)
        }
    }

    @Test func anUnreadableAnswerIsARefusalNotACrash() async throws {
        try await withClient { rig in
            await rig.state.failNext(.malformedBody, onPathContaining: "devices")
            await #expect(throws: SpotifyConnectRefusal.self) { try await rig.api.devices() }
        }
    }
}
