import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 52 (3): before, a room's history was one answer of every song (10.5 MB for one room,
/// a second to read), for anyone, without limit; four readers moved `/healthz` from 1.5 ms to
/// 826 ms. Now each song is bounded in bytes as it is kept, the history is read a page at a
/// time (at most 100 songs and 200 KB), reads are limited per address, and who asked for a
/// song is shown only to the room's host.
@Suite struct HistoryPagingTests {
    static func get(_ url: String, token: String? = nil) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
        return (Int(response.status.code), Data(buffer: try await response.body.collect(upTo: 16 << 20)))
    }

    struct Page: Decodable {
        struct Song: Decodable {
            var id: String
            var requestedBy: String?
        }
        var songs: [Song]
        var earlier: Int?
    }

    /// A song as heavy as the wire allows: long text, a long artwork address, 24 fat matches.
    static func heavySong(_ number: Int) -> RoomHistoryEntry {
        let text = String(repeating: "é", count: 250)
        var source = TrackMetadata(service: .spotify, id: "sp-\(number)", title: "\(number) " + text, artists: [text], album: text)
        source.artworkURL = "https://art.example/" + String(repeating: "a", count: 2_000)
        let matches = (0..<24).map { pair in
            RoomHistoryEntry.Match(
                service: .appleMusic, storefront: "s\(pair)",
                track: TrackMetadata(service: .appleMusic, id: "am-\(number)-\(pair)", title: text, artists: [text]))
        }
        let entry = RoomHistoryEntry(startedAt: ServerTime(micros: Int64(number) * 1_000_000), source: source, matches: matches, requestedBy: "Ana")
        return entry.bounded { (try? JSONEncoder().encode($0).count) ?? .max }
    }

    @Test func aFiveHundredSongHistoryAnswersInBoundedPagesAndNamesRequestersOnlyToTheHost() async throws {
        let store = InMemoryRoomStore(clock: SystemClock())
        var configuration = ServerConfiguration()
        configuration.limits.historyReads = TokenBucket.Rate(burst: 100, perSecond: 1)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration, makeStore: { store })
        let base = "http://127.0.0.1:\(try await server.start())"
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        for number in 1...600 {
            let song = Self.heavySong(number)
            #expect(try JSONEncoder().encode(song).count <= RoomHistoryEntry.maximumBytes)
            try await store.appendHistory(room: room.code, entry: song, endedWith: nil)
        }
        var before: Int?
        var ids: [String] = []
        var pages = 0
        repeat {
            let answer = try await Self.get("\(base)/v1/rooms/\(room.code)/history" + (before.map { "?before=\($0)" } ?? ""))
            #expect(answer.status == 200)
            #expect(answer.body.count <= 200 * 1024, "page \(pages) is \(answer.body.count) bytes")
            let page = try JSONDecoder().decode(Page.self, from: answer.body)
            #expect(!page.songs.isEmpty && page.songs.count <= 100)
            #expect(page.songs.allSatisfy { $0.requestedBy == nil }, "a stranger with the code does not see who asked")
            ids = page.songs.map(\.id) + ids
            before = page.earlier
            pages += 1
        } while before != nil && pages < 50
        #expect(ids == (101...600).map { "sp-\($0)" }, "the newest 500, oldest first, each once")
        #expect(pages > 1)
        let forHost = try await Self.get("\(base)/v1/rooms/\(room.code)/history", token: room.hostToken)
        #expect(try JSONDecoder().decode(Page.self, from: forHost.body).songs.allSatisfy { $0.requestedBy == "Ana" })
        #expect(try await Self.get("\(base)/v1/rooms/\(room.code)/history?before=-5").status == 400)
        // Past Int64 (schemathesis found it answering 500): the client's mistake, in words.
        let huge = try await Self.get("\(base)/v1/rooms/\(room.code)/history?before=9223372036854775808")
        #expect(huge.status == 400 && String(decoding: huge.body, as: UTF8.self).contains("malformed_history"), "\(huge.status)")
    }

    /// On a manual clock: "in a second" is the server's second, however slow the machine.
    @Test func aFifthReaderInASecondIsRefused() async throws {
        let clock = ManualClock()
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: clock, logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: clock) })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try await Self.get("http://127.0.0.1:\(port)/v1/rooms/\(room.code)/history").status) }
        #expect(statuses == [200, 200, 200, 200, 429])
        #expect((await TestSupport.metric(port, "simulcast_limit_hits_total", label: "history_reads") ?? 0) == 1)
        clock.advance(byMs: 1_000)
        #expect(try await Self.get("http://127.0.0.1:\(port)/v1/rooms/\(room.code)/history").status == 200, "a second later, one more")
    }
}
