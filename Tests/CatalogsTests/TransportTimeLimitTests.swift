import Catalogs
import NIOCore
import SimulcastTesting
import Testing

/// Issue 22, fourth defect: the catalog clients' 15 s timeout ended with the response head;
/// a service trickling one byte a second held a lookup 120 s. The transport's limit now covers
/// the body as well.
@Suite struct TransportTimeLimitTests {
    @Test(arguments: ["/trickle", "/hang"])
    func aRequestEndsWithinItsLimitBodyIncluded(_ path: String) async throws {
        try await FakeServiceServer.run(FakeMisbehavingService.router()) { base in
            let transport = AsyncHTTPClientTransport(timeout: .seconds(1))
            let started = ContinuousClock.now
            // A hang ends at the client's own deadline for the head, a trickle at ours for the body.
            await #expect(throws: (any Error).self) { try await transport.send(TransportRequest(url: base + path)) }
            let took = ContinuousClock.now - started
            // A 1 s limit, with room for a busy two-core machine; before, a trickle ran minutes.
            #expect(took < .seconds(5), "took \(took)")
        }
    }
}
