import Catalogs
import Foundation
import RoomStorage
import SQLiteNIO
import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms

/// One suite, every store: what passes here passes for memory, SQLite and PostgreSQL alike
/// (PostgreSQL when `scripts/test.sh` started its private cluster).
@Suite struct RoomStoreTests {
    /// What a store announces, kept in order as it arrives, for a test to take one by one.
    actor Announcements {
        private var received: [RoomChange] = []

        func add(_ change: RoomChange) { received.append(change) }

        func takeFirst() -> RoomChange? { received.isEmpty ? nil : received.removeFirst() }

        /// The next announcement, or nil when none came within `timeout`.
        nonisolated func next(within timeout: Duration = Patience.event) async -> RoomChange? {
            await Poll.value(timeout: timeout) { await self.takeFirst() }
        }
    }

    enum Kind: String, CaseIterable, Sendable {
        case memory, sqlite, postgres

        static var available: [Kind] { TestPostgres.isAvailable ? allCases : [.memory, .sqlite] }
    }

    func makeStore(_ kind: Kind) async throws -> any RoomStore {
        switch kind {
        case .memory: InMemoryRoomStore(clock: SystemClock())
        case .sqlite: try await SQLiteRoomStore.open(path: TestRooms.temporaryDatabase(), clock: SystemClock())
        // A patient connect: a CI run once starved all six of these of CPU for over the 5 s default.
        case .postgres: try await TestPostgres.store(TestPostgres.freshDatabase(), listen: false)
        }
    }

    @Test(arguments: Kind.available)
    func roomsAndStates(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let room = StoredRoom(code: "ABC234", hostTokenHash: HostToken.hash("secret"), createdAt: 5, state: .empty(at: 5))
        try await store.createRoom(room)
        await #expect(throws: StoreError.self) { try await store.createRoom(room) }
        #expect(try await store.room(code: "ABC234") == room)
        #expect(try await store.room(code: "XYZ789") == nil)
        #expect(try await store.roomCount() == 1)

        let newer = Fixtures.room(seq: 1, at: 100)
        #expect(try await store.commitState(commit("ABC234", newer, after: 0)).isCommitted)
        // A commit made on an older copy (another node got there first) is refused with the room as it is.
        guard case .conflict(let current) = try await store.commitState(commit("ABC234", Fixtures.room(seq: 1, positionMs: 1, at: 90), after: 0)) else {
            Issue.record("a stale commit must conflict")
            return
        }
        #expect(current.state == newer)
        #expect(try await store.room(code: "ABC234")?.state == newer)
        guard case .missing = try await store.commitState(commit("NOPE23", newer, after: 0)) else {
            Issue.record("a commit to a deleted room says so")
            return
        }
        try await store.close()
    }

    /// Two host connections (on two nodes) cannot both publish: the claim in the database decides.
    @Test(arguments: Kind.available)
    func hostClaimsDecideWhoPublishes(kind: Kind) async throws {
        let store = try await makeStore(kind)
        try await store.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        let first = HostClaim(node: "node-a", connection: 3)
        let second = HostClaim(node: "node-b", connection: 9)
        #expect(try await store.commitState(commit("ABC234", Fixtures.room(seq: 1, at: 2), after: 0, claim: .taking(first))).isCommitted)
        #expect(try await store.room(code: "ABC234")?.hostClaim == first)
        #expect(try await store.commitState(commit("ABC234", Fixtures.room(seq: 2, at: 3), after: 1, claim: .holding(first))).isCommitted)
        // The second connection takes over; the first one's next state is refused though its seq is right.
        #expect(try await store.commitState(commit("ABC234", Fixtures.room(seq: 3, at: 4), after: 2, claim: .taking(second))).isCommitted)
        guard case .conflict(let current) = try await store.commitState(commit("ABC234", Fixtures.room(seq: 4, at: 5), after: 3, claim: .holding(first))) else {
            Issue.record("the replaced host's state must be refused")
            return
        }
        #expect(current.hostClaim == second)
        #expect(current.state.seq == 3)
        // Nor may the replaced host's leave clear the new host's claim.
        #expect(!(try await store.commitState(commit("ABC234", Fixtures.room(seq: 4, at: 5), after: 3, claim: .releasing(first))).isCommitted))
        #expect(try await store.commitState(commit("ABC234", Fixtures.room(seq: 4, at: 5), after: 3, claim: .releasing(second))).isCommitted)
        #expect(try await store.room(code: "ABC234")?.hostClaim == nil)
        try await store.close()
    }

    @Test(arguments: Kind.available)
    func claimsOfNodesWithoutAHeartbeatAreDead(kind: Kind) async throws {
        let store = try await makeStore(kind)
        for code in ["AAA234", "BBB234", "CCC234"] {
            try await store.createRoom(StoredRoom(code: code, hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        }
        try await store.heartbeat(node: "alive", lease: .seconds(3_600))
        try await store.heartbeat(node: "leaving", lease: .seconds(3_600))
        _ = try await store.commitState(commit("AAA234", Fixtures.room(seq: 1, at: 2), after: 0, claim: .taking(HostClaim(node: "alive", connection: 1))))
        _ = try await store.commitState(commit("BBB234", Fixtures.room(seq: 1, at: 2), after: 0, claim: .taking(HostClaim(node: "leaving", connection: 2))))
        _ = try await store.commitState(
            commit("CCC234", Fixtures.room(seq: 1, at: 2), after: 0, claim: .taking(HostClaim(node: "never-heard-of", connection: 3))))
        #expect(try await store.deadHostClaims(room: nil) == ["CCC234": HostClaim(node: "never-heard-of", connection: 3)])
        try await store.retireNode("leaving")
        #expect(Set(try await store.deadHostClaims(room: nil).keys) == ["BBB234", "CCC234"])
        #expect(try await store.deadHostClaims(room: "BBB234") == ["BBB234": HostClaim(node: "leaving", connection: 2)])
        #expect(try await store.deadHostClaims(room: "AAA234").isEmpty)
        try await store.close()
    }

    /// Rooms hosted from a browser: one live follower at a time, a new login starts a new
    /// generation (its old follower loses it), a refused login is forgotten, a deleted room takes
    /// its login with it.
    @Test(arguments: Kind.available)
    func hostedRoomsHaveOneLiveFollower(kind: Kind) async throws {
        let store = try await makeStore(kind)
        try await store.createRoom(StoredRoom(code: "HOST23", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        try await store.heartbeat(node: "a", lease: .seconds(3_600))
        try await store.heartbeat(node: "b", lease: .seconds(3_600))
        try await store.saveHostedAccount(room: "HOST23", service: .spotify, sealedCredential: [1, 2, 3])
        #expect(
            try await store.hostedAccounts() == [HostedAccount(room: "HOST23", service: .spotify, sealedCredential: [1, 2, 3], generation: 1, follower: nil)])
        #expect(try await store.claimFollowing(room: "HOST23", generation: 1, node: "a"))
        #expect(try await !store.claimFollowing(room: "HOST23", generation: 1, node: "b"), "a live follower keeps it")
        #expect(try await store.hostedAccounts().first?.follower == "a")
        #expect(try await store.hostedAccount(room: "HOST23")?.follower == "a")
        #expect(try await store.hostedAccount(room: "NONE23") == nil)

        // A rotated token is saved for the generation that holds; an older generation's write is ignored.
        try await store.updateHostedCredential(room: "HOST23", generation: 1, sealedCredential: [4, 5])
        try await store.saveHostedAccount(room: "HOST23", service: .spotify, sealedCredential: [6])
        try await store.updateHostedCredential(room: "HOST23", generation: 1, sealedCredential: [7])
        #expect(try await store.hostedAccounts() == [HostedAccount(room: "HOST23", service: .spotify, sealedCredential: [6], generation: 2, follower: nil)])
        #expect(try await !store.claimFollowing(room: "HOST23", generation: 1, node: "a"), "an old login's follower cannot claim the new one")
        #expect(try await store.claimFollowing(room: "HOST23", generation: 2, node: "b"))

        // b dies: its lease lapses and a claims the room.
        try await store.retireNode("b")
        #expect(try await store.hostedAccounts().first?.follower == nil)
        #expect(try await store.claimFollowing(room: "HOST23", generation: 2, node: "a"))

        // Issue 33 (9): the host took hosting back with its own connection: kept, claimed by no node, until a new login.
        try await store.markHostReplaced(room: "HOST23", generation: 2)
        #expect(
            try await store.hostedAccount(room: "HOST23")
                == HostedAccount(room: "HOST23", service: .spotify, sealedCredential: [6], generation: 2, follower: "replaced"))
        #expect(try await !store.claimFollowing(room: "HOST23", generation: 2, node: "a"))
        #expect(try await !store.claimFollowing(room: "HOST23", generation: 2, node: "b"))
        try await store.saveHostedAccount(room: "HOST23", service: .spotify, sealedCredential: [6])
        #expect(try await store.hostedAccount(room: "HOST23")?.follower == nil)
        #expect(try await store.claimFollowing(room: "HOST23", generation: 3, node: "a"))

        // Refused by the service: forgotten, unclaimable until a new login.
        try await store.updateHostedCredential(room: "HOST23", generation: 3, sealedCredential: nil)
        #expect(try await store.hostedAccounts() == [HostedAccount(room: "HOST23", service: .spotify, sealedCredential: nil, generation: 3, follower: nil)])
        #expect(try await !store.claimFollowing(room: "HOST23", generation: 3, node: "a"))

        try await store.saveHostedAccount(room: "HOST23", service: .spotify, sealedCredential: [8])
        #expect(try await store.deleteIdleRooms(idleBefore: 1_000, keeping: []) == 1)
        #expect(try await store.hostedAccounts().isEmpty, "an expired room's login goes with it")
        try await store.saveHostedAccount(room: "GONE23", service: .spotify, sealedCredential: [9])
        try await store.deleteHostedAccount(room: "GONE23")
        #expect(try await store.hostedAccounts().isEmpty)
        try await store.close()
    }

    /// Issue 36: listeners' follows from the server: one live follower each, taken over when
    /// its node dies, a rotated token saved, a refused login forgotten and never claimed, a
    /// stopped follow gone, and every follow of a room that ends gone with it.
    @Test(arguments: Kind.available)
    func listenerFollowsHaveOneLiveFollowerAndGoWithTheirRoom(kind: Kind) async throws {
        let store = try await makeStore(kind)
        try await store.createRoom(StoredRoom(code: "FOLO23", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        try await store.heartbeat(node: "a", lease: .seconds(3_600))
        try await store.heartbeat(node: "b", lease: .seconds(3_600))
        let ana = ListenerFollow(room: "FOLO23", id: "f1", tokenHash: HostToken.hash("ana"), service: .spotify, sealedCredential: [1, 2])
        let ben = ListenerFollow(room: "FOLO23", id: "f2", tokenHash: HostToken.hash("ben"), service: .spotify, sealedCredential: [3])
        try await store.saveListenerFollow(ana)
        try await store.saveListenerFollow(ben)
        #expect(try await store.listenerFollows() == [ana, ben])
        #expect(try await store.claimListenerFollow(room: "FOLO23", id: "f1", node: "a"))
        #expect(try await !store.claimListenerFollow(room: "FOLO23", id: "f1", node: "b"), "a live follower keeps it")
        #expect(try await store.claimListenerFollow(room: "FOLO23", id: "f2", node: "b"))
        #expect(try await store.listenerFollow(room: "FOLO23", id: "f1")?.follower == "a")
        #expect(try await store.listenerFollow(room: "FOLO23", id: "f3") == nil)
        #expect(try await store.listenerFollow(room: "OTHR23", id: "f1") == nil)

        // a dies: its lease lapses and b takes Ana's follow over, with the rotated token.
        try await store.updateListenerFollowCredential(room: "FOLO23", id: "f1", sealedCredential: [4, 5])
        try await store.retireNode("a")
        #expect(try await store.listenerFollow(room: "FOLO23", id: "f1")?.follower == nil)
        #expect(try await store.claimListenerFollow(room: "FOLO23", id: "f1", node: "b"))
        #expect(try await store.listenerFollow(room: "FOLO23", id: "f1")?.sealedCredential == [4, 5])

        // Refused by the service: forgotten, claimed by no node.
        try await store.updateListenerFollowCredential(room: "FOLO23", id: "f1", sealedCredential: nil)
        #expect(
            try await store.listenerFollow(room: "FOLO23", id: "f1")
                == ListenerFollow(
                    room: "FOLO23", id: "f1", tokenHash: HostToken.hash("ana"), service: .spotify, sealedCredential: nil, follower: nil))
        #expect(try await !store.claimListenerFollow(room: "FOLO23", id: "f1", node: "b"))

        // Stopped: gone; the room ends: every follow of it goes.
        try await store.deleteListenerFollow(room: "FOLO23", id: "f1")
        #expect(try await store.listenerFollows().map(\.id) == ["f2"])
        #expect(try await store.deleteIdleRooms(idleBefore: 1_000, keeping: []) == 1)
        #expect(try await store.listenerFollows().isEmpty, "an expired room's follows go with it")
        try await store.close()
    }

    /// Issue 37 (3): a room's history keeps its songs in order, the matches each ended with,
    /// only the newest 500, and goes with the room.
    @Test(arguments: Kind.available)
    func historyKeepsTheNewestSongsInOrderAndGoesWithTheRoom(kind: Kind) async throws {
        let store = try await makeStore(kind)
        try await store.createRoom(StoredRoom(code: "HIST23", hostTokenHash: "h", createdAt: 100, state: .empty(at: 100)))
        func song(_ n: Int) -> TrackMetadata { TrackMetadata(service: .spotify, id: "t\(n)", title: "Song \(n)", artists: ["Ana"]) }
        let apple = RoomHistoryEntry.Match(
            service: .appleMusic, storefront: "gb", track: TrackMetadata(service: .appleMusic, id: "am1", title: "Song 1", artists: ["Ana"]))
        try await store.appendHistory(room: "HIST23", entry: RoomHistoryEntry(startedAt: 1, source: song(1)), endedWith: nil)
        try await store.appendHistory(room: "HIST23", entry: RoomHistoryEntry(startedAt: 2, source: song(2), requestedBy: "Ben"), endedWith: [apple])
        #expect(
            try await store.history(room: "HIST23") == [
                RoomHistoryEntry(startedAt: 1, source: song(1), matches: [apple]), RoomHistoryEntry(startedAt: 2, source: song(2), requestedBy: "Ben"),
            ])
        #expect(try await store.history(room: "NONE23").isEmpty)
        for n in 3...(RoomHistoryEntry.limit + 5) {
            try await store.appendHistory(room: "HIST23", entry: RoomHistoryEntry(startedAt: ServerTime(micros: Int64(n)), source: song(n)), endedWith: [])
        }
        let kept = try await store.history(room: "HIST23")
        #expect(kept.count == RoomHistoryEntry.limit)
        #expect(kept.first?.source.id == "t6" && kept.last?.source.id == "t\(RoomHistoryEntry.limit + 5)")
        #expect(try await store.deleteIdleRooms(idleBefore: 1_000, keeping: []) == 1)
        #expect(try await store.history(room: "HIST23").isEmpty, "an expired room's history goes with it")
        try await store.close()
    }

    func commit(_ code: String, _ state: RoomState, after seq: Int, claim: ClaimRequirement = .none) -> StateCommit {
        StateCommit(code: code, state: state, encoded: WireCodec().text(.roomState(state)), expectedSeq: seq, claim: claim, at: state.anchor.time)
    }

    @Test(arguments: Kind.available)
    func matchCacheExpires(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let key = MatchCacheKey(sourceService: .spotify, sourceId: "sp1", targetService: .appleMusic, storefront: "us")
        let result = MatchResult.matched(Fixtures.appleCestLaVie, method: MatchMethod(.seed, .titleAndAlbum))
        try await store.cacheMatch(result, for: key, expiresAt: 1_000)
        #expect(try await store.cachedMatch(for: key, now: 999) == result)
        #expect(try await store.cachedMatch(for: key, now: 1_000) == nil)
        let other = MatchCacheKey(sourceService: .spotify, sourceId: "sp1", targetService: .appleMusic, storefront: "gb")
        #expect(try await store.cachedMatch(for: other, now: 0) == nil)
        // Replacing an entry keeps one row per key.
        try await store.cacheMatch(.notFound(method: MatchMethod(.seed), reasons: []), for: key, expiresAt: 2_000)
        #expect(try await store.cachedMatch(for: key, now: 1_500)?.status == .notFound)
        try await store.close()
    }

    @Test func theDatabaseIsAlsoTheCatalogResponseCache() async throws {
        let clock = ManualClock(micros: 1_000)
        let sqlite = try await SQLiteRoomStore.open(path: TestRooms.temporaryDatabase(), clock: clock)
        let caches: [any ResponseCache] = [InMemoryResponseCache(), sqlite.responseCache]
        for cache in caches {
            try await cache.cacheResponse(Array("{\"resultCount\":0}".utf8), for: "https://itunes.apple.com/search?term=x", expiresAt: 5_000)
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=x", now: 4_999) == Array("{\"resultCount\":0}".utf8))
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=x", now: 5_000) == nil)
            #expect(try await cache.cachedResponse(for: "https://itunes.apple.com/search?term=y", now: 0) == nil)
        }
        try await sqlite.close()
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func postgresIsAlsoTheCatalogResponseCacheAndAnnouncesChanges() async throws {
        let url = try await TestPostgres.freshDatabase()
        let writer = try await TestPostgres.store(url, listen: false)
        let reader = try await TestPostgres.store(url, listen: true)
        try await writer.responseCache.cacheResponse([1, 2, 3], for: "k", expiresAt: 5_000)
        #expect(try await reader.responseCache.cachedResponse(for: "k", now: 4_999) == [1, 2, 3])
        #expect(try await reader.responseCache.cachedResponse(for: "k", now: 5_000) == nil)

        // Gathered as they come, and each taken within `Patience.event`: an announcement that
        // never comes fails this test instead of hanging the whole run (one did, idle, on
        // 2026-11-27: the first NOTIFY went out before the reader's LISTEN was up).
        let announcements = Announcements()
        let stream = try #require(reader.changes())
        let gathering = Task { for await change in stream { await announcements.add(change) } }
        defer { gathering.cancel() }
        try await writer.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        // LISTEN starts in the background: commit until an announcement shows it is up, then
        // take every announcement up to the last commit.
        var seq = 0
        var latest: Int?
        while latest == nil && seq < 30 {
            seq += 1
            let state = Fixtures.room(seq: seq, at: ServerTime(micros: Int64(seq) + 1))
            #expect(try await writer.commitState(commit("ABC234", state, after: seq - 1)).isCommitted)
            if case .state(code: "ABC234", let announced)? = await announcements.next(within: .seconds(1)) { latest = announced }
        }
        while let announced = latest, announced < seq {
            guard case .state(code: "ABC234", let next)? = await announcements.next() else { break }
            latest = next
        }
        #expect(latest == seq, "announced up to \(latest.map(String.init) ?? "nothing") of \(seq) commits")
        // A refused commit announces nothing; the next accepted one does.
        #expect(!(try await writer.commitState(commit("ABC234", Fixtures.room(seq: seq, at: 200), after: seq - 1)).isCommitted))
        #expect(try await writer.commitState(commit("ABC234", Fixtures.room(seq: seq + 1, at: 300), after: seq)).isCommitted)
        #expect(await announcements.next() == .state(code: "ABC234", seq: seq + 1))
        let key = MatchCacheKey(sourceService: .spotify, sourceId: "sp 1", targetService: .appleMusic, storefront: "gb")
        try await writer.cacheMatch(.notFound(method: MatchMethod(.simulcast), reasons: []), for: key, expiresAt: 9_000)
        #expect(await announcements.next() == .match(key))
        let id = try await writer.addCorrection(
            StoredCorrection(
                id: 0, key: key, targetId: "1", room: "ABC234", global: false, byHost: true, createdAt: 1,
                result: .notFound(method: MatchMethod(.simulcast), reasons: [])))
        #expect(await announcements.next() == .corrections(room: "ABC234"))
        try await writer.deleteCorrection(id: id)
        #expect(await announcements.next() == .corrections(room: "ABC234"))
        try await writer.close()
        try await reader.close()
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func postgresRefusesANewerSchemaAndOtherProgramsTables() async throws {
        let url = try await TestPostgres.freshDatabase()
        try await TestPostgres.store(url, listen: false).close()
        // Opening again is a no-op migration.
        try await TestPostgres.store(url, listen: false).close()
        try await TestPostgres.execute("UPDATE simulcast_schema SET version = 99", on: url)
        do {
            _ = try await TestPostgres.store(url, listen: false)
            Issue.record("should refuse a newer schema")
        } catch let error as StoreError {
            #expect(error.message.contains("newer Simulcast"))
            #expect(!error.message.contains("simulcast-test"))  // the password stays out
        }
        let foreign = try await TestPostgres.freshDatabase()
        try await TestPostgres.execute("CREATE TABLE rooms (id SERIAL PRIMARY KEY, name TEXT)", on: foreign)
        do {
            _ = try await TestPostgres.store(foreign, listen: false)
            Issue.record("should refuse another program's tables")
        } catch let error as StoreError {
            #expect(error.message.contains("did not create"))
        }
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func anUnreachableDatabaseIsAClearErrorWithoutThePassword() async throws {
        let url = try #require(try PostgresDatabaseURL("postgres://simulcast:hunter2-secret@127.0.0.1:1/simulcast?sslmode=disable"))
        do {
            _ = try await PostgresRoomStore.open(url: url, listen: false, timeout: .seconds(2), logger: TestRooms.quietLogger)
            Issue.record("should fail")
        } catch let error as StoreError {
            #expect(error.kind == .cannotOpen)
            #expect(error.message.contains("127.0.0.1:1"))
            #expect(!error.message.contains("hunter2"))
        }
        #expect(!url.description.contains("hunter2"))
    }

    @Test func databaseURLsAreParsed() throws {
        let url = try #require(try PostgresDatabaseURL("postgresql://me:p%40ss@db.example:6543/rooms?sslmode=require", environment: [:]))
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.username == "me")
        #expect(url.password == "p@ss")
        #expect(url.database == "rooms")
        #expect(url.tls == .require)
        #expect(url.description == "postgres://me@db.example:6543/rooms")
        // The password may come from PGPASSWORD, keeping it out of `ps`.
        #expect(try PostgresDatabaseURL("postgres://me@localhost/rooms", environment: ["PGPASSWORD": "x"])?.password == "x")
        #expect(try PostgresDatabaseURL("simulcast.sqlite") == nil)
        #expect(throws: StoreError.self) { try PostgresDatabaseURL("postgres://localhost/rooms", environment: [:]) }
        #expect(throws: StoreError.self) { try PostgresDatabaseURL("postgres://me@localhost/rooms?sslmode=sometimes", environment: [:]) }
    }

    @Test func sqliteKeepsEverythingAcrossReopening() async throws {
        let path = TestRooms.temporaryDatabase()
        let first = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
        try await first.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: Fixtures.room(seq: 3, at: 9)))
        try await first.close()
        let second = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
        #expect(try await second.room(code: "ABC234")?.state == Fixtures.room(seq: 3, at: 9))
        try await second.close()
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() async throws {
        let path = TestRooms.temporaryDatabase()
        try Data("this is not sqlite, just text that is long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
            Issue.record("should refuse")
        } catch let error as StoreError {
            #expect(error.kind == .cannotOpen)
            #expect(error.message.contains("is damaged or not a database"))
        }
    }

    @Test func anotherProgramsDatabaseIsNamedAsSuchAndLeftAlone() async throws {
        let path = TestRooms.temporaryDatabase()
        // Wave 1 adopted any file with a "rooms" table and then answered every request with 500.
        let foreign = try await SQLiteConnectionForTests.create(
            path: path, sql: ["CREATE TABLE rooms (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO rooms (name) VALUES ('kitchen')"])
        _ = foreign
        do {
            _ = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
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
        let path = TestRooms.temporaryDatabase()
        try await SQLiteRoomStore.open(path: path, clock: SystemClock()).close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        await #expect(throws: StoreError.self) { _ = try await SQLiteRoomStore.open(path: path, clock: SystemClock()) }
    }

    @Test func aReadOnlyFolderSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        guard !FileManager.default.isWritableFile(atPath: folder.path) else { return }  // root ignores permissions
        do {
            _ = try await SQLiteRoomStore.open(path: folder.appendingPathComponent("rooms.sqlite").path, clock: SystemClock())
            Issue.record("should refuse")
        } catch let error as StoreError {
            #expect(error.message.contains("read-only"))
        }
    }

    @Test(arguments: Kind.available)
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
        try await store.cacheMatch(.notFound(method: MatchMethod(.simulcast), reasons: []), for: key, expiresAt: 50)
        #expect(try await store.purgeExpired(now: 100) >= 1)
        #expect(try await store.cachedMatch(for: key, now: 0) == nil)
        try await store.close()
    }

    @Test(arguments: Kind.available)
    func correctionsAreKeptListedAndDeleted(kind: Kind) async throws {
        let store = try await makeStore(kind)
        let key = MatchCacheKey(sourceService: .spotify, sourceId: "a", targetService: .appleMusic, storefront: "us")
        let result = MatchResult.matched(TrackMetadata(service: .appleMusic, id: "1", title: "T", artists: []), method: .correction)
        let first = try await store.addCorrection(
            StoredCorrection(id: 0, key: key, targetId: "1", room: "ABC234", global: false, byHost: true, createdAt: 1, result: result))
        let second = try await store.addCorrection(
            StoredCorrection(id: 0, key: key, targetId: "1", room: "XYZ789", global: false, byHost: false, createdAt: 2, result: result))
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
        let store = try await SQLiteRoomStore.open(path: TestRooms.temporaryDatabase(), clock: SystemClock())
        try await store.createRoom(StoredRoom(code: "ABC234", hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        await withTaskGroup(of: Void.self) { group in
            for seq in 1...200 {
                group.addTask { _ = try? await store.overwriteState(Fixtures.room(seq: seq, at: ServerTime(micros: Int64(seq))), forRoom: "ABC234") }
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
