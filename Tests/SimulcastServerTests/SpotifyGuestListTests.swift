import Foundation
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 53 (3): the host sees who is on the Spotify app's guest list as far as the room can
/// tell. A listener's page says what Spotify's `/v1/me` answered; presence (the socket's and
/// `GET /v1/rooms/{code}`'s) carries it by name; a host cannot say it for anyone.
@Suite struct SpotifyGuestListTests {
    @Test func aListenersAccessShowsInPresenceAndAHostCannotSendIt() async throws {
        try await HandoverImpostorTests.withRoom { port, base, room in
            let ben = await WirePeer.connect(port: port, room: room.code, hello: HandoverImpostorTests.hello(room.code, .spotify, "Ben"))
            let cleo = await WirePeer.connect(port: port, room: room.code, hello: HandoverImpostorTests.hello(room.code, .deezer, "Cleo"))
            #expect(await TestSupport.eventually { await ben.welcome != nil })
            #expect(await TestSupport.eventually { await cleo.welcome != nil })

            await ben.send(.spotifyAccess(Wire.SpotifyAccess(listed: true)))
            await cleo.send(.spotifyAccess(Wire.SpotifyAccess(listed: false)))
            let seen = await TestSupport.eventually {
                let listeners = await ben.presences.last?.listeners ?? []
                return listeners.first { $0.name == "Ben" }?.spotifyListed == true && listeners.first { $0.name == "Cleo" }?.spotifyListed == false
            }
            let last = await ben.presences.last
            #expect(seen, "\(last.map { "\($0.listeners)" } ?? "no presence")")
            let summary = try await HandoverImpostorTests.summary(base, room.code)
            #expect(summary.presence?.listeners.first { $0.name == "Cleo" }?.spotifyListed == false)

            let host = await WirePeer.connect(
                port: port, room: room.code,
                hello: WireCodec().text(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
            #expect(await TestSupport.eventually { await host.welcome != nil })
            await host.send(.spotifyAccess(Wire.SpotifyAccess(listed: true)))
            #expect(await TestSupport.eventually { await host.errors.contains(.forbidden) })
            await ben.disconnect()
            await cleo.disconnect()
            await host.disconnect()
        }
    }
}
