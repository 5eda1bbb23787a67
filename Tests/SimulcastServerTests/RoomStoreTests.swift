import Catalogs
import Foundation
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// One suite, every store: what passes here passes for SQLite and memory alike.
@Suite struct RoomStoreTests {
    enum Kind: String, CaseIterable, Sendable { case memory, sqlite }

    func makeStore(_ kind: Kind) async throws -> any RoomStore {
        switch kind {
        case .memory: InMemoryRoomStore()
        case .sqlite: try await SQLiteRoomStore.open(path: TestSupport.temporaryDatabase())
        }
    }

    @Test(arguments: Kind.allCases)
    func roomsAndStates(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let room = StoredRoom(code: "ABC234", hostTokenHash: HostToken.hash("secret"), createdAt: 5, state: .empty(at: 5))
        try await store.createRoom(room)
        await #expect(throws: StoreError.self) { try await store.createRoom(room) }
        #expect(try await store.room(code: "ABC234") == room)
        #expect(try await store.room(code: "XYZ789") == nil)
        #expect(try await store.roomCount() == 1)

        let newer = Fixtures.room(seq: 7, at: 100)
        try await store.saveState(newer, forRoom: "ABC234")
        // An older state arriving late never overwrites a newer one.
        try await store.saveState(Fixtures.room(seq: 6, positionMs: 1, at: 90), forRoom: "ABC234")
        #expect(try await store.room(code: "ABC234")?.state == newer)
        try await store.close()
    }

    @Test(arguments: Kind.allCases)
    func matchCacheExpires(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let key = MatchCacheKey(sourceService: .spotify, sourceId: "sp1", targetService: .appleMusic, storefront: "us")
        let result = MatchResult.matched(Fixtures.appleCestLaVie, method: "seed:title+album")
        try await store.cacheMatch(result, for: key, expiresAt: 1_000)
        #expect(try await store.cachedMatch(for: key, now: 999) == result)
        #expect(try await store.cachedMatch(for: key, now: 1_000) == nil)
        let other = MatchCacheKey(sourceService: .spotify, sourceId: "sp1", targetService: .appleMusic, storefront: "gb")
        #expect(try await store.cachedMatch(for: other, now: 0) == nil)
        // Replacing an entry keeps one row per key.
        try await store.cacheMatch(.notFound(method: "seed", reasons: []), for: key, expiresAt: 2_000)
        #expect(try await store.cachedMatch(for: key, now: 1_500)?.status == .notFound)
        try await store.close()
    }

    @Test func theDatabaseIsAlsoTheCatalogResponseCache() async throws {
        let clock = ManualClock(micros: 1_000)
        let sqlite = try await SQLiteRoomStore.open(path: TestSupport.temporaryDatabase(), clock: clock)
        let caches: [any ResponseCache] = [InMemoryResponseCache(), sqlite]
        for cache in caches {
            try await cache.cacheResponse(Array("{\"resultCount\":0}".utf8), for: "https://itunes.apple.com/search?term=x", expiresAt: 5_000)
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=x", now: 4_999) == Array("{\"resultCount\":0}".utf8))
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=x", now: 5_000) == nil)
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=y", now: 0) == nil)
        }
        try await sqlite.close()
    }

    @Test func sqliteKeepsEverythingAcrossReopening() async throws {
        let path = TestSupport.temporaryDatabase()
        let first = try await SQLiteRoomStore.open(path: path)
        try await first.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: Fixtures.room(seq: 3, at: 9)))
        try await first.close()
        let second = try await SQLiteRoomStore.open(path: path)
        #expect(try await second.room(code: "ABC234")?.state == Fixtures.room(seq: 3, at: 9))
        try await second.close()
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() async throws {
        let path = TestSupport.temporaryDatabase()
        try Data("this is not sqlite, just text that is long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try await SQLiteRoomStore.open(path: path)
            Issue.record("should refuse")
        } catch let error as StoreError {
            #expect(error.kind == .cannotOpen)
            #expect(error.message.contains("is not a Simulcast database or is damaged"))
        }
    }

    @Test func hostTokensAreVerifiedByHash() {
        let hash = HostToken.hash("correct horse")
        #expect(HostToken.verify("correct horse", against: hash))
        #expect(!HostToken.verify("correct horse ", against: hash))
        #expect(!HostToken.verify("", against: hash))
        #expect(!hash.contains("correct"))
    }
}
