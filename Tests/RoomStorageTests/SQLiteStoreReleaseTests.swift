import Foundation
import SimulcastCore
import SimulcastTesting
import Testing

@testable import RoomStorage
@testable import Rooms

/// A stress run of the suite crashed the whole test process: a test threw before stopping its
/// server, the server's SQLite store was released without `close()`, and SQLiteNIO trapped
/// ("SQLiteConnection was not closed before deinitializing"). A store released open now closes
/// its handle, and what it wrote stays.
@Suite struct SQLiteStoreReleaseTests {
    @Test func aStoreReleasedWithoutClosingClosesItselfAndKeepsItsRooms() async throws {
        let path = TestRooms.temporaryDatabase()
        do {
            let store = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
            try await store.createRoom(StoredRoom(code: "K7PQ2MXR9T", hostTokenHash: HostToken.hash("secret"), createdAt: 5, state: .empty(at: 5)))
        }
        // The released store's handle closes on SQLite's thread; a new one reads the room back.
        let reopened = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
        let room = await Poll.value(timeout: Patience.event) { try? await reopened.room(code: "K7PQ2MXR9T") }
        #expect(room?.hostTokenHash == HostToken.hash("secret"))
        try await reopened.close()
    }
}

/// A stress run crashed the test process the same way from the other side: a server stopped
/// while its shutdown was being cancelled closed its store from a cancelled task; the handle's
/// close (work on SQLite's thread pool) was cancelled with it, the store counted itself closed,
/// and when it was released SQLiteNIO trapped on the handle left open. Closing finishes even
/// when the closing task is cancelled.
@Suite struct SQLiteStoreCancelledCloseTests {
    @Test func aCloseFromACancelledTaskStillClosesTheHandle() async throws {
        let store = try await SQLiteRoomStore.open(path: TestRooms.temporaryDatabase(), clock: SystemClock())
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await store.close()
        }
        try await closing.value
        #expect(store.handleClosed, "the handle was left open")
    }
}
