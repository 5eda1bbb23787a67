import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 24: who is listening, across three nodes on one PostgreSQL. 300 listeners join one
/// room spread over the nodes; every node answers `GET /v1/rooms/{code}` with the same
/// presence within 2 s of the joins, and again within 2 s of 30 leaving; the listeners hear
/// it as `room.presence`, at most 50 names.
extension MultiNodeTests {
    static func presences(_ cluster: Cluster, code: String) async -> [RoomPresence?] {
        var answers: [RoomPresence?] = []
        for index in cluster.ports.indices { answers.append(try? await RoomsAPI(baseURL: cluster.url(index), transport: .live).room(code: code)?.presence) }
        return answers
    }

    /// Waits (up to 2 s) until every node gives the same presence with `count` listeners.
    static func agree(_ cluster: Cluster, code: String, count: Int) async -> (Bool, [RoomPresence?]) {
        var last: [RoomPresence?] = []
        let agreed = await Poll.until(timeout: .seconds(2), interval: .milliseconds(50)) {
            last = await presences(cluster, code: code)
            return last.allSatisfy { $0 != nil && $0 == last[0] && $0?.count == count }
        }
        return (agreed, last)
    }

    // 300 sockets and a 2 s bound: in test.sh's isolated pass, not beside forty other suites.
    @Test(.enabled(if: TestSupport.isolatedPass)) func threeHundredListenersOnThreeNodesAreCountedAlikeEverywhere() async throws {
        let cluster = try await Self.cluster(3)
        let room = try await RoomsAPI(baseURL: cluster.url(0), transport: .live).createRoom()
        let services: [MusicService] = [.appleMusic, .spotify, .deezer]
        var peers: [WirePeer] = []
        for index in 0..<300 {
            let hello = Wire.Hello(
                role: .listener, room: room.code, service: services[index % 3], storefront: "us", client: "presence-test",
                name: index % 2 == 0 ? "Guest \(index)" : nil)
            peers.append(await WirePeer.connect(port: cluster.ports[index % 3], room: room.code, hello: try WireCodec().encode(.hello(hello))))
        }
        let joining = peers
        #expect(
            await TestSupport.eventually {
                for peer in joining where await peer.welcome == nil { return false }
                return true
            })
        // The joins are in; within 2 s every node says the same.
        let (joined, afterJoins) = await Self.agree(cluster, code: room.code, count: 300)
        #expect(joined, "after the joins: \(afterJoins.map { $0?.count ?? -1 })")
        let presence = try #require(afterJoins.first ?? nil)
        #expect(presence.services == ["apple-music": 100, "spotify": 100, "deezer": 100])
        #expect(presence.listeners.count == RoomPresence.maximumNames)
        #expect(presence.listeners.contains { $0.name.hasPrefix("Guest ") }, "the names given")
        #expect(presence.listeners.contains { $0.name.hasPrefix("Listener ") }, "a listener without a name is numbered")

        // 30 leave, ten from each node: the same on every node within 2 s.
        for peer in peers.suffix(30) { await peer.disconnect() }
        let (left, afterLeaves) = await Self.agree(cluster, code: room.code, count: 270)
        #expect(left, "after 30 left: \(afterLeaves.map { $0?.count ?? -1 })")

        // The listeners heard it too, bounded: never more than 50 names in one message.
        let heard = await peers[0].presences
        #expect(heard.contains { $0.count == 270 } || heard.last.map { $0.count >= 270 } == true)
        #expect(heard.allSatisfy { $0.listeners.count <= RoomPresence.maximumNames })
        for peer in peers.prefix(270) { await peer.disconnect() }
        await cluster.stop()
    }
}
