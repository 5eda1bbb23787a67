import AsyncHTTPClient
import Foundation
import ServerHosting
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// A followed room never goes idle by itself (its in-process host is connected), so a host
/// whose Spotify changes nothing for the idle limit stops being followed and the login is
/// deleted; the room may then expire like any other.
/// On a manual clock: the idle limit, the polls and the follower's checks are virtual time,
/// moved by the test, so a busy machine cannot stretch them (the sockets stay real).
@Suite struct HostedRoomIdleTests {
    @Test func anIdleHostsLoginIsDeletedAfterTheIdleLimit() async throws {
        let clock = ManualClock()
        try await HostingRig.run(clock: clock, configure: { $0.idleLimit = .seconds(2) }) { rig in
            let room = try await rig.hostedRoom()
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "following" })
            // Nothing plays and nothing changes. Short of the limit the server keeps following...
            _ = await clock.settledSleeperCount()
            await clock.advanceSettled(byMs: 1_500)
            #expect(try await rig.hostingStatus(room: room.code, hostToken: room.hostToken) == "following")
            // ...and past it lets go.
            #expect(
                await Poll.until(timeout: Patience.event) {
                    clock.advance(byMs: 100)
                    return (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "none"
                })
            #expect(rig.logs.all.contains { $0.contains("changed nothing for the idle limit") })
            let summary = try #require(try await RoomsAPI(baseURL: await rig.base, transport: .live).room(code: room.code))
            #expect(!summary.state.hostConnected, "listeners see the host away")
        }
    }

    @Test func aHostWhosePlayerChangesIsFollowedPastTheIdleLimit() async throws {
        let clock = ManualClock()
        try await HostingRig.run(clock: clock, configure: { $0.idleLimit = .seconds(3) }) { rig in
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 1_000, isPlaying: true)
            let room = try await rig.hostedRoom()
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "following" })
            // Pause, resume, ... every 500 ms of virtual time, each seen by the room before the
            // next: 5 s in all, past the 3 s idle limit.
            _ = await clock.settledSleeperCount()
            for step in 1...10 {
                let playing = step % 2 == 0
                if playing { await rig.player.resume() } else { await rig.player.pause() }
                await clock.advanceSettled(byMs: 500)
                let seen = await Self.roomSees(playing: playing, rig: rig, room: room.code, clock: clock)
                #expect(seen, "the room sees the host's \(playing ? "resume" : "pause")")
            }
            #expect(try await rig.hostingStatus(room: room.code, hostToken: room.hostToken) == "following")
        }
    }

    /// Waits for the room to show `playing`. On a busy machine a poll of the fake Spotify can
    /// outlast `advanceSettled`'s settling, and the source then sleeps past a clock nobody
    /// moves: the clock is nudged on, at most 1 s a change, so that each change is still seen
    /// well inside the 3 s idle limit.
    static func roomSees(playing: Bool, rig: HostingRig, room: String, clock: ManualClock) async -> Bool {
        var nudgedMs = 0.0
        return await Poll.until(timeout: Patience.event, interval: .milliseconds(100)) {
            if (try? await RoomsAPI(baseURL: await rig.base, transport: .live).room(code: room))?.state.playing == playing { return true }
            if nudgedMs < 1_000 {
                clock.advance(byMs: 50)
                nudgedMs += 50
            }
            return false
        }
    }
}
