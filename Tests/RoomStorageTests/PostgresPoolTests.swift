import Foundation
import RoomStorage
import Rooms
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 55 (0): the suite once hung inside a PostgreSQL store test with no connection open,
/// and once waited 60 s for an answer. Whether the store's pool loses a waiter: a hundred
/// times more statements at once than it has connections, three times over, each ending
/// within the store's own deadline (a waiter the pool lost would end in a `StoreError` "did
/// not answer" now that a deadline cannot hang).
@Suite(.enabled(if: TestPostgres.isAvailable)) struct PostgresPoolTests {
    @Test func aSmallPoolServesEveryWaiterOfAStorm() async throws {
        let url = try await TestPostgres.freshDatabase()
        let store = try await PostgresRoomStore.open(url: url, listen: false, timeout: Patience.database, maximumConnections: 2)
        try await store.createRoom(StoredRoom(code: "POOL23", hostTokenHash: "h", createdAt: 1, state: .empty(at: 1)))
        for round in 1...3 {
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<200 { group.addTask { try await store.roomCount() } }
                return try await group.reduce(0) { $0 + $1 }
            }
            #expect(answered == 200, "round \(round): \(answered) of 200 statements saw the room")
        }
        try await store.close()
    }
}
