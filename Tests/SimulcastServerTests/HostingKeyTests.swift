import Foundation
import NIOHTTP1
import RoomStorage
import ServerHosting
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 33 (3): a node whose secrets key differed from the others' (or that had made itself a
/// fresh one) took over hosted rooms, could not open their logins, marked them refused and
/// deleted them. A login is sealed under its key's id; a node that cannot open it never claims
/// it, never forgets it, and says so; the right node takes the room again.
@Suite struct HostingKeyTests {
    @Test func aNodeWithAnotherKeyLeavesTheLoginsToTheNodesThatHaveTheirKey() async throws {
        try await HostingRig.run { rig in
            let room = try await rig.hostedRoom()
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "following" })
            let key = try SecretsKey.loadOrCreate(path: rig.keyPath).key
            let port = try #require(await rig.server.port)
            await rig.server.stop()

            // The same database, a node with a key of its own.
            let other = try SecretsKey.loadOrCreate(path: rig.keyPath + ".other").key
            #expect(other.id != key.id)
            let logs = CapturedLogs()
            let database = rig.database
            let spotify = rig.spotifyURL
            let wrongNode = LocalServer(
                matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: logs.logger, web: try HostingRig.web(spotify: spotify),
                makeHosting: { store, hub in
                    SpotifyRoomHosting(
                        store: store, hub: hub, key: other, configuration: HostingRig.testConfiguration(spotify), transport: NIOHTTPTransport.live,
                        logger: logs.logger)
                },
                makeStore: { try await SQLiteRoomStore.open(path: database, clock: SystemClock(), logger: logs.logger) })
            try await wrongNode.start(port: port)
            // It says so at start and for the room, and leaves the login alone.
            #expect(await Poll.until(timeout: Patience.event) { logs.all.contains { $0.contains("sealed with another secrets key") && $0.contains(key.id) } })
            #expect(logs.all.contains { $0.contains("this node will not follow them") })
            try await Task.sleep(for: .seconds(1))  // four of its reconcile looks, none of which may touch the login
            #expect(try await rig.hostingStatus(room: room.code, hostToken: room.hostToken) == "starting", "the login must stay, unfollowed")
            let store = try await SQLiteRoomStore.open(path: database, clock: SystemClock())
            let account = try #require(try await store.hostedAccount(room: room.code))
            #expect(account.sealedCredential != nil && account.sealedKeyId == key.id)
            try await store.close()
            await wrongNode.stop()

            // The right key back: the room is followed again, with the same login.
            try await rig.server.start(port: port)
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "following" })
        }
    }
}

/// Issue 33 (9): a host connecting with the room's own token silently ended browser hosting
/// and forgot the login. The host page now says so, and the login stays until the host stops.
@Suite struct HostReplacedTests {
    @Test func aHostTakingBackTheRoomKeepsTheLoginAndIsNotPushedOut() async throws {
        try await HostingRig.run { rig in
            let room = try await rig.hostedRoom()
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "following" })
            let port = try #require(await rig.server.port)
            let cli = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
            #expect(await TestSupport.eventually { await cli.welcome != nil })
            #expect(await Poll.until(timeout: Patience.event) { (try? await rig.hostingStatus(room: room.code, hostToken: room.hostToken)) == "replaced" })
            try await Task.sleep(for: .seconds(1))  // four of the server's reconcile looks, none of which may take the room back
            #expect(await !cli.closed, "the server took the room back from the host's own connection")
            #expect(try await rig.hostingStatus(room: room.code, hostToken: room.hostToken) == "replaced")
            let store = try await SQLiteRoomStore.open(path: rig.database, clock: SystemClock())
            #expect(try await store.hostedAccount(room: room.code)?.sealedCredential != nil, "the login is kept")
            try await store.close()
            // Stopping forgets it.
            #expect(try await rig.fetch("/v1/rooms/\(room.code)/hosting", method: .DELETE, bearer: room.hostToken).status == 204)
            #expect(try await rig.hostingStatus(room: room.code, hostToken: room.hostToken) == "none")
            await cli.disconnect()
        }
    }
}
