import Catalogs
import Foundation
import HostSources
import Logging
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import SpotifyAuth
import Testing

/// The Spotify source against the loopback fake Web API, on the real clock with a fast
/// polling pace, so the fake's position moves as a real player's does.
@Suite(.serialized) struct SpotifyHostSourceTests {
    static let first = TrackMetadata(
        service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_133,
        isrc: "GBARL9800010", albumUPC: "5099749162225")
    static let second = TrackMetadata(
        service: .spotify, id: "1gugDOSMREb34Xo0c1PlxM", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer",
        durationMs: 202_496, isrc: "GBUM71400131", albumUPC: "00602537810444")

    /// Records what the source publishes, with the local time it says each event happened.
    actor Recorder: HostEventSink {
        var events: [HostEvent] = []
        var playback = HostPlayback()

        func apply(_ event: HostEvent) async throws {
            try playback.apply(event)
            events.append(event)
        }

        func count() -> Int { events.count }
        func kinds(from start: Int = 0) -> [HostEvent.Kind] { events.dropFirst(start).map(\.kind) }
        func last(_ kind: HostEvent.Kind) -> HostEvent? { events.last { $0.kind == kind } }
    }

    struct Rig: Sendable {
        var player: FakeSpotify.Player
        var state: FakeServiceState
        var accounts: FakeSpotifyAccounts
        var recorder: Recorder
        var clock: SystemClock

        /// Waits until an event of `kind` arrives after the first `after` events.
        func wait(for kind: HostEvent.Kind, after: Int, seconds: Double = 5) async throws -> HostEvent {
            let found = await Poll.value(timeout: .milliseconds(Int64(seconds * 1000))) {
                await recorder.events.dropFirst(after).first(where: { $0.kind == kind })
            }
            if let found { return found }
            throw TestFailure("no \(kind.rawValue) event; saw \(await recorder.kinds(from: after))")
        }

        /// The fake player's true position at local time `at`.
        func truth(at time: LocalTime) async -> Double {
            let state = await player.state!
            return Double(state.progressMs) + (state.isPlaying ? state.since.milliseconds(to: time) : 0)
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    func withSource(_ body: @Sendable (Rig) async throws -> Void) async throws {
        let clock = SystemClock()
        let state = FakeServiceState(tracks: [Self.first, Self.second], clock: clock)
        let accounts = FakeSpotifyAccounts(clientId: "host-client", clientSecret: "unused")
        let player = FakeSpotify.Player(clock: clock)
        let recorder = Recorder()
        let logger = {
            var logger = Logger(label: "test"); logger.logLevel = .critical; return logger
        }()
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { base in
            let tokens = SpotifyUserTokenProvider(
                clientId: "host-client", refreshToken: await accounts.issueRefreshToken(), accountsURL: base, transport: NIOHTTPTransport.live,
                clock: clock, logger: logger)
            let api = SpotifyClient(
                token: { try await tokens.token() }, invalidate: { await tokens.invalidate() }, apiURL: base, transport: NIOHTTPTransport.live,
                retry: RetryPolicy(maximumAttempts: 1),
                clock: clock, logger: logger)
            var configuration = SpotifyHostSource.Configuration()
            configuration.tracker.playingIntervalMs = 150
            configuration.tracker.pausedIntervalMs = 150
            configuration.tracker.idleIntervalMs = 150
            configuration.tracker.burstIntervalMs = 60
            configuration.tracker.maximumBackoffMs = 3000
            let source = SpotifyHostSource(api: api, sink: recorder, clock: clock, configuration: configuration, logger: logger)
            let task = Task { try await source.run() }
            defer { task.cancel() }
            try await body(Rig(player: player, state: state, accounts: accounts, recorder: recorder, clock: clock))
        }
    }

    /// Its 50 ms bound is on loopback round trips: it runs in the isolated pass, alone.
    @Test(.enabled(if: SystemTests.isolatedPass)) func followsPlayPauseSeekSkipAndAdverts() async throws {
        try await withSource { rig in
            // 204: nothing to publish, however often it is asked.
            #expect(await Poll.until { await rig.state.seen.filter { $0.path == "currently-playing" }.count >= 2 })
            #expect(await rig.recorder.count() == 0)

            await rig.player.setQueue([Self.second])
            await rig.player.set(track: Self.first, progressMs: 10_000, isPlaying: true)
            let play = try await rig.wait(for: .play, after: 0)
            // Full metadata (the fake's currently-playing item is a full object too, but the
            // album UPC only comes from the album endpoint).
            #expect(play.track?.isrc == "GBARL9800010")
            #expect(play.track?.albumUPC == "5099749162225")
            #expect(abs(play.positionMs! - (await rig.truth(at: play.time))) < 50)
            let queue = try await rig.wait(for: .queue, after: 0)
            #expect(queue.queue?.map(\.id) == [Self.second.id])

            var seen = await rig.recorder.count()
            await rig.player.seek(toMs: 95_000)
            let seek = try await rig.wait(for: .seek, after: seen)
            #expect(abs(seek.positionMs! - (await rig.truth(at: seek.time))) < 50)

            seen = await rig.recorder.count()
            await rig.player.pause()
            let pause = try await rig.wait(for: .pause, after: seen)
            #expect(abs(pause.positionMs! - (await rig.truth(at: pause.time))) < 1)
            seen = await rig.recorder.count()
            await rig.player.resume()
            _ = try await rig.wait(for: .resume, after: seen)

            // An advert holds the room; the track after it is published as a new start.
            seen = await rig.recorder.count()
            await rig.player.set(track: nil, progressMs: 0, isPlaying: true, type: "ad")
            _ = try await rig.wait(for: .pause, after: seen)
            seen = await rig.recorder.count()
            await rig.player.set(track: Self.second, progressMs: 0, isPlaying: true)
            let skip = try await rig.wait(for: .play, after: seen)
            #expect(skip.track?.id == Self.second.id)
            #expect(abs(skip.positionMs! - (await rig.truth(at: skip.time))) < 50)
            let now = rig.clock.now()
            #expect(abs(await rig.recorder.playback.positionMs(at: now) - (await rig.truth(at: now))) < 50)
        }
    }

    @Test func waitsOutRateLimitsAndRefreshesExpiredTokens() async throws {
        try await withSource { rig in
            await rig.player.set(track: Self.first, progressMs: 1_000, isPlaying: true)
            _ = try await rig.wait(for: .play, after: 0)

            // 429 with Retry-After: 1 s of silence, then polling goes on.
            await rig.state.clearSeen()
            // Aimed at the poll: the track and queue fetches after a start may still be under way.
            await rig.state.failNext(.status(429, retryAfter: 1), onPathContaining: "currently-playing")
            // A poll already on its way may land first; after the 429 the next waits >= 1 s.
            var gaps: [Int64] = []
            _ = await Poll.until(timeout: .seconds(5)) {
                let polls = await rig.state.seen.filter { $0.path == "currently-playing" }.map(\.atMicros)
                gaps = zip(polls.dropFirst(), polls).map { $0 - $1 }
                return gaps.contains { $0 >= 1_000_000 }
            }
            #expect(gaps.contains { $0 >= 1_000_000 }, "gaps \(gaps)")

            // The access token expires: the client refreshes it and the source never notices.
            await rig.accounts.expireAccessTokens()
            let issued = await rig.accounts.issuedAccessTokens.count
            let seen = await rig.recorder.count()
            await rig.player.seek(toMs: 120_000)
            let seek = try await rig.wait(for: .seek, after: seen)
            // Measured against where the player was at the event's time, not against the
            // seek's target: on a busy machine the refresh and the poll take a while, and the
            // player plays on meanwhile.
            #expect(seek.positionMs! >= 119_950)
            #expect(abs(seek.positionMs! - (await rig.truth(at: seek.time))) < 1_000)
            #expect(await rig.accounts.issuedAccessTokens.count == issued + 1)

            // A server error and a garbage body only slow polling down.
            let before = await rig.recorder.count()
            await rig.state.failNext(.status(503))
            await rig.state.failNext(.malformedBody)
            await rig.player.pause()
            _ = try await rig.wait(for: .pause, after: before, seconds: 8)
        }
    }
}
