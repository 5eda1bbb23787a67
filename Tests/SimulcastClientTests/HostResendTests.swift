import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing

/// Issue 22: a host state the server could not save was sent again only at the next
/// heartbeat (5 s), so a pause could be lost that long. Now it is sent again at once, at most
/// once a second (a server whose store is down is not flooded).
@Suite struct HostResendTests {
    @Test func aRefusedHostStateIsSentAgainAtOnceButNotInALoop() async throws {
        let clock = ManualClock()
        let client = RoomConnection(serverURL: "http://unused", hello: Wire.Hello(role: .host, room: "ROOMROOMRM", hostToken: "token"), clock: clock)
        let sent = Mutex<[WireMessage]>([])
        await client.connectionOpened { message in sent.withLock { $0.append(message) } }
        // Joined, and one clock exchange: server time is known.
        let t0 = clock.now()
        _ = await client.received(
            .welcome(Wire.Welcome(role: .host, room: "ROOMROOMRM", connectionId: "c1", serverTime: ServerTime(micros: t0.micros))), at: t0)
        _ = await client.received(
            .timePong(Wire.TimePong(t0: t0, t1: ServerTime(micros: t0.micros + 500), t2: ServerTime(micros: t0.micros + 600))), at: t0.advanced(by: 1_000))
        let host = HostSession(client: client)
        await host.handle(.clockSynchronised)
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 0))
        try await host.apply(PlaybackEvent(event: .pause))
        func hostStates() -> Int { sent.withLock { $0.filter { if case .hostState = $0 { true } else { false } }.count } }
        let before = hostStates()

        let refusal = Wire.Error(code: .internalError, message: "the room's state could not be saved")
        await host.handle(.serverError(refusal))
        #expect(hostStates() == before + 1, "sent again at once")
        let resent = sent.withLock { messages in messages.last { if case .hostState = $0 { true } else { false } } }
        guard case .hostState(let snapshot)? = resent else { Issue.record("no host state"); return }
        #expect(snapshot.playing == false, "the pause, not a heartbeat of the play")

        // Refused again within the second: not sent again (the heartbeat heals it)...
        clock.advance(byMs: 300)
        await host.handle(.serverError(refusal))
        #expect(hostStates() == before + 1)
        // ...after it, sent again.
        clock.advance(byMs: 800)
        await host.handle(.serverError(refusal))
        #expect(hostStates() == before + 2)
        // Other refusals are not answered with a resend.
        clock.advance(byMs: 1_500)
        await host.handle(.serverError(Wire.Error(code: .invalidState, message: "no")))
        #expect(hostStates() == before + 2)
    }
}
