import SimulcastTesting
import Testing

/// A port handed to one child process is never handed to another in the same test process:
/// the kernel's free ports repeat (a thousand draws from about 28,000 ports repeat almost surely).
@Suite struct FreePortTests {
    @Test func noPortIsGivenTwice() async throws {
        var ports: [Int] = []
        for _ in 0..<1000 { ports.append(try await FreePort.next()) }
        #expect(Set(ports).count == ports.count)
        #expect(ports.allSatisfy { $0 > 0 })
    }
}
