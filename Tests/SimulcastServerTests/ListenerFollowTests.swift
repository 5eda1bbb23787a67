import AsyncHTTPClient
import Foundation
import NIOHTTP1
import ServerHosting
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import SpotifyAuth
import SyncSimulator
import Testing

/// Issue 36 (2) over REST, as /r/callback calls it: a listener's follow is made from their
/// login and device, read and stopped only with its own token, replaced by a newer follow of
/// the same Spotify account, and ended (said as "refused") when Spotify refuses the login.
/// Real time on a simulated Connect device, with 20 s waits and a 2 s idle limit: in the test
/// script's isolated pass (beside a CPU hog in the main pass it missed one in three of four runs).
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass, "the isolated pass")) struct ListenerFollowTests {
    struct Ticket: Decodable {
        struct Follow: Decodable { var status: String }
        var id: String
        var token: String
        var follow: Follow
    }

    /// A follow's request body, with a fresh code from the stand-in's authorize page.
    static func followBody(_ rig: HostingRig, user: String = "fake-user", device: String = "phone-app", storefront: String = "us") async -> String {
        var generator = SystemRandomNumberGenerator()
        let pkce = SpotifyPKCE(using: &generator)
        let redirect = await rig.base + "/r/callback"
        let code = await rig.accounts.authorize(challenge: SpotifyPKCE.challenge(for: pkce.verifier), redirectURI: redirect, user: user)
        return
            #"{"service":"spotify","code":"\#(code)","codeVerifier":"\#(pkce.verifier)","redirectUri":"\#(redirect)","deviceId":"\#(device)","storefront":"\#(storefront)","name":"Ana"}"#
    }

    static func status(_ rig: HostingRig, room: String, id: String, token: String?) async throws -> String? {
        let (status, text) = try await rig.fetch("/v1/rooms/\(room)/follows/\(id)", bearer: token)
        guard status == 200 else { return nil }
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["status"] as? String
    }

    /// A room whose host (a `HostSession` over the WebSocket) plays C'est La Vie from `positionMs`.
    static func roomPlaying(_ base: String, from positionMs: Double) async throws -> (CreatedRoom, HostSession, Task<Void, any Error>) {
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let hosting = Task { try await host.run() }
        #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: positionMs))
        return (room, host, hosting)
    }

    @Test func aFollowIsTheListenersOwnAndEndsWhenStoppedReplacedOrRefused() async throws {
        let clock = SystemClock()
        let device = SimulatedConnectDevice(id: "phone-app", configuration: .init(), trueClock: clock, followerClock: clock, seed: 5)
        try await HostingRig.run(connect: device) { rig in
            let base = await rig.base
            let (room, _, hosting) = try await Self.roomPlaying(base, from: 60_000)
            defer { hosting.cancel() }

            // Bad requests are refused in words and make nothing.
            let malformed = try await rig.fetch("/v1/rooms/\(room.code)/follows", method: .POST, json: #"{"service":"spotify","code":"c"}"#)
            #expect(malformed.status == 400 && malformed.text.contains("malformed_follow"), "\(malformed.text)")
            let unknownRoom = try await rig.fetch("/v1/rooms/ZZZZZZZZZZ/follows", method: .POST, json: await Self.followBody(rig))
            #expect(unknownRoom.status == 404, "\(unknownRoom.text)")
            let usedCode = await Self.followBody(rig).replacingOccurrences(of: #""code":""#, with: #""code":"used-"#)
            let refusedLogin = try await rig.fetch("/v1/rooms/\(room.code)/follows", method: .POST, json: usedCode)
            #expect(refusedLogin.status == 400 && refusedLogin.text.contains("login_refused"), "\(refusedLogin.text)")

            // The follow: the listener's app plays the room's song, with nobody's page open.
            let made = try await rig.fetch("/v1/rooms/\(room.code)/follows", method: .POST, json: await Self.followBody(rig))
            #expect(made.status == 201, "\(made.text)")
            let ticket = try JSONDecoder().decode(Ticket.self, from: Data(made.text.utf8))
            #expect(["starting", "following"].contains(ticket.follow.status))
            #expect(await TestSupport.eventually { (try? await Self.status(rig, room: room.code, id: ticket.id, token: ticket.token)) == "following" })
            #expect(
                await TestSupport.eventually(20) {
                    let sound = await device.audible(at: clock.now().micros)
                    return sound.trackId == Fixtures.cestLaVie.id && sound.playing
                })
            #expect(await TestSupport.metric(URL(string: base)!.port!, "simulcast_listeners_followed") == 1)
            // The follow joined as a Spotify listener of the listener's storefront.
            let summary = try #require(try await RoomsAPI(baseURL: base, transport: .live).room(code: room.code))
            #expect(summary.listeners.contains { $0.service == .spotify && $0.storefront == "us" })

            // Only its own token reads or stops it; a wrong one is told nothing more than "no such follow".
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/\(ticket.id)").status == 404)
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/\(ticket.id)", bearer: "not-the-token").text.contains("follow_not_found"))
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/\(ticket.id)", method: .DELETE, bearer: "not-the-token").status == 404)
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/nope", bearer: ticket.token).status == 404)

            // A newer follow of the same Spotify account replaces it.
            let newer = try JSONDecoder().decode(
                Ticket.self, from: Data(try await rig.fetch("/v1/rooms/\(room.code)/follows", method: .POST, json: await Self.followBody(rig)).text.utf8))
            #expect(try await Self.status(rig, room: room.code, id: ticket.id, token: ticket.token) == nil)
            #expect(await TestSupport.eventually { (try? await Self.status(rig, room: room.code, id: newer.id, token: newer.token)) == "following" })

            // Spotify revokes the login: the follow says so and the server forgets the login.
            await rig.accounts.revokeRefreshTokens()
            await rig.accounts.expireAccessTokens()
            #expect(await TestSupport.eventually(20) { (try? await Self.status(rig, room: room.code, id: newer.id, token: newer.token)) == "refused" })
            #expect(await TestSupport.eventually { await TestSupport.metric(URL(string: base)!.port!, "simulcast_listeners_followed") == 0 })

            // Stop: gone, and a second stop finds nothing.
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/\(newer.id)", method: .DELETE, bearer: newer.token).status == 204)
            #expect(try await Self.status(rig, room: room.code, id: newer.id, token: newer.token) == nil)
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/follows/\(newer.id)", method: .DELETE, bearer: newer.token).status == 404)

            // No Spotify token in any log line or answer.
            let secrets = await rig.accounts.issuedAccessTokens + rig.accounts.issuedRefreshTokens
            #expect(!secrets.isEmpty)
            let answers = [made.text, refusedLogin.text, malformed.text]
            for secret in secrets {
                for line in rig.logs.all + answers where line.contains(secret) { Issue.record("a Spotify token shown: \(line.prefix(200))") }
            }
            let stored = try Data(contentsOf: URL(fileURLWithPath: rig.database))
            for secret in secrets { #expect(!String(decoding: stored, as: UTF8.self).contains(secret), "a Spotify token in plain text in the database") }
        }
    }

    /// A follow's connection keeps its room loaded, so the room would never expire: a room whose
    /// song stops moving for the idle limit lets the follow go (here 2 s), and one that plays
    /// keeps it.
    @Test func aFollowEndsWhenItsRoomStopsPlayingForTheIdleLimit() async throws {
        let clock = SystemClock()
        let device = SimulatedConnectDevice(id: "phone-app", configuration: .init(), trueClock: clock, followerClock: clock, seed: 6)
        try await HostingRig.run(connect: device, configure: { $0.idleLimit = .seconds(2) }) { rig in
            let base = await rig.base
            let (room, host, hosting) = try await Self.roomPlaying(base, from: 10_000)
            defer { hosting.cancel() }
            let made = try await rig.fetch("/v1/rooms/\(room.code)/follows", method: .POST, json: await Self.followBody(rig))
            let ticket = try JSONDecoder().decode(Ticket.self, from: Data(made.text.utf8))
            // Playing past the idle limit keeps the follow.
            #expect(await TestSupport.eventually(20) { await device.audible(at: clock.now().micros).positionMs > 13_500 })
            #expect(try await Self.status(rig, room: room.code, id: ticket.id, token: ticket.token) == "following")
            // Paused past it: the follow ends and is forgotten.
            try await host.apply(PlaybackEvent(event: .pause))
            #expect(await TestSupport.eventually { (try? await Self.status(rig, room: room.code, id: ticket.id, token: ticket.token)) == nil })
            #expect(rig.logs.all.contains { $0.contains("played nothing for the idle limit") })
        }
    }
}
