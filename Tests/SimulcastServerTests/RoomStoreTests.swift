import Catalogs
import Foundation
import SQLiteNIO
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
            #expect(error.message.contains("is damaged or not a database"))
        }
    }

    @Test func anotherProgramsDatabaseIsNamedAsSuchAndLeftAlone() async throws {
        let path = TestSupport.temporaryDatabase()
        // Wave 1 adopted any file with a "rooms" table and then answered every request with 500.
        let foreign = try await SQLiteConnectionForTests.create(path: path, sql: ["CREATE TABLE rooms (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO rooms (name) VALUES ('kitchen')"])
        _ = foreign
        do {
            _ = try await SQLiteRoomStore.open(path: path)
            Issue.record("should refuse")
        } catch let error as StoreError {
            #expect(error.message.contains("is not a Simulcast database"))
            #expect(error.message.contains("rooms"))
        }
        // Untouched: the other program's row is still there and no table was added.
        let tables = try await SQLiteConnectionForTests.query(path: path, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        #expect(tables == ["rooms"])
    }

    @Test func aReadOnlyDatabaseSaysSoNotDamaged() async throws {
        guard getuid() != 0 else { return }  // root writes read-only files anyway; the folder check below still runs
        let path = TestSupport.temporaryDatabase()
        try await SQLiteRoomStore.open(path: path).close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        await #expect(throws: StoreError.self) { _ = try await SQLiteRoomStore.open(path: path) }
    }

    @Test func aReadOnlyFolderSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        guard !FileManager.default.isWritableFile(atPath: folder.path) else { return }  // root ignores permissions
        do {
            _ = try await SQLiteRoomStore.open(path: folder.appendingPathComponent("rooms.sqlite").path)
            Issue.record("should refuse")
        } catch let error as StoreError {
            #expect(error.message.contains("read-only"))
        }
    }

    @Test(arguments: Kind.allCases)
    func idleRoomsExpireAndExpiredCacheRowsArePurged(kind: Kind) async throws {
        let store = try await makeStore(kind)
        try await store.createRoom(StoredRoom(code: "OLD234", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        try await store.createRoom(StoredRoom(code: "NEW234", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        try await store.createRoom(StoredRoom(code: "LIVE23", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        try await store.touchRoom(code: "NEW234", at: 5_000)
        #expect(try await store.deleteIdleRooms(idleBefore: 1_000, keeping: ["LIVE23"]) == 1)
        #expect(try await store.room(code: "OLD234") == nil)
        #expect(try await store.room(code: "NEW234") != nil)
        #expect(try await store.room(code: "LIVE23") != nil)

        let key = MatchCacheKey(sourceService: .spotify, sourceId: "a", targetService: .appleMusic, storefront: "us")
        try await store.cacheMatch(.notFound(method: "t", reasons: []), for: key, expiresAt: 50)
        #expect(try await store.purgeExpired(now: 100) >= 1)
        #expect(try await store.cachedMatch(for: key, now: 0) == nil)
        try await store.close()
    }

    @Test(arguments: Kind.allCases)
    func correctionsAreKeptListedAndDeleted(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let key = MatchCacheKey(sourceService: .spotify, sourceId: "a", targetService: .appleMusic, storefront: "us")
        let result = MatchResult.matched(TrackMetadata(service: .appleMusic, id: "1", title: "T", artists: []), method: "correction")
        let first = try await store.addCorrection(StoredCorrection(id: 0, key: key, targetId: "1", room: "ABC234", global: false, byHost: true, createdAt: 1, result: result))
        let second = try await store.addCorrection(StoredCorrection(id: 0, key: key, targetId: "1", room: "XYZ789", global: false, byHost: false, createdAt: 2, result: result))
        #expect(first != second)
        #expect(try await store.corrections(for: key).map(\.room) == ["ABC234", "XYZ789"])
        #expect(try await store.corrections(room: "ABC234").map(\.id) == [first])
        #expect(try await store.correction(id: second)?.byHost == false)
        try await store.deleteCorrection(id: first)
        #expect(try await store.corrections(room: nil).map(\.id) == [second])
        try await store.close()
    }

    /// A save racing shutdown (a listener leaving as the server stops) crashed inside SQLite
    /// when it reached the closed handle; now it completes or fails cleanly.
    @Test func closingWhileSavesAreInFlightNeverTouchesAClosedHandle() async throws {
        let store = try await SQLiteRoomStore.open(path: TestSupport.temporaryDatabase())
        try await store.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        await withTaskGroup(of: Void.self) { group in
            for seq in 1...200 {
                group.addTask { try? await store.saveState(Fixtures.room(seq: seq, at: Int64(seq)), forRoom: "ABC234") }
            }
            group.addTask { try? await store.close() }
        }
        await #expect(throws: StoreError.self) { try await store.touchRoom(code: "ABC234", at: 5) }
    }

    @Test func hostTokensAreVerifiedByHash() {
        let hash = HostToken.hash("correct horse")
        #expect(HostToken.verify("correct horse", against: hash))
        #expect(!HostToken.verify("correct horse ", against: hash))
        #expect(!HostToken.verify("", against: hash))
        #expect(!hash.contains("correct"))
    }
}
