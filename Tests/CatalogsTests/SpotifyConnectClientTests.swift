import Catalogs
import Logging
import ServiceHTTP
import SimulcastClient
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
        var accounts: FakeSpotifyAccounts
        var refreshToken: String
    }

    static var quiet: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    func withClient(logger: Logger = quiet, _ body: @Sendable (Rig) async throws -> Void) async throws {
        let clock = SystemClock()
        let state = FakeServiceState(tracks: [Self.track], clock: clock)
        let accounts = FakeSpotifyAccounts(clientId: "listener-client", clientSecret: "unused")
        // The device's position moves only when the test says: a read after the calls finds it
        // where the last call put it, however long the calls took on a busy machine.
        let player = FakeSpotify.Player(clock: ManualClock())
        await player.setDevices([Self.phone, Self.speaker])
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { base in
            let refreshToken = await accounts.issueRefreshToken()
            let tokens = SpotifyUserTokenProvider(
                clientId: "listener-client", refreshToken: refreshToken, accountsURL: base, transport: NIOHTTPTransport.live, clock: clock,
                logger: logger)
            let api = SpotifyClient(
                token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: base, transport: NIOHTTPTransport.live,
                retry: RetryPolicy(maximumAttempts: 1),
                clock: clock, logger: logger)
            try await body(Rig(api: api, player: player, state: state, accounts: accounts, refreshToken: refreshToken))
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
            #expect(answer.value?.progressMs == 60_000)
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

    /// A whole Connect session at trace level, refusals and a token renewal included: no token
    /// in any log line or error.
    @Test func noTokenReachesTheLogsOrErrorsInAConnectSession() async throws {
        let logs = CapturedLogs()
        try await withClient(logger: logs.logger) { rig in
            var errors: [String] = []
            let follower = SpotifyConnectPlayer(remote: rig.api, device: Self.phone, clock: SystemClock(), logger: logs.logger)
            try await follower.perform(.load(trackId: Self.track.id, positionMs: 1_000, play: true))
            _ = await follower.read()
            try await follower.perform(.seek(positionMs: 5_000, play: true))
            _ = await follower.read()
            try await follower.perform(.pause)
            await rig.accounts.expireAccessTokens()
            _ = try await rig.api.devices()
            await rig.player.setPremium(false)
            do { try await follower.perform(.load(trackId: Self.track.id, positionMs: 0, play: true)) } catch { errors.append("\(error)") }
            await rig.state.failNext(.status(429, retryAfter: 3), onPathContaining: "player")
            do { _ = try await rig.api.playback() } catch { errors.append("\(error)") }
            errors.append("\(await follower.refusal.map(String.init(describing:)) ?? "")")
            #expect(errors.count == 3)
            let secrets = await rig.accounts.issuedAccessTokens + [rig.refreshToken]
            #expect(secrets.count >= 3)
            #expect(logs.all.count >= 3, "the client should have logged at trace level")
            for line in logs.all + errors {
                for secret in secrets { #expect(!line.contains(secret), "a token in: \(line)") }
            }
        }
    }
}
