import Logging
import SimulcastCore

/// This node's life among the nodes sharing a store: renews its lease every
/// `heartbeatInterval`, and every half lease looks for host claims of nodes whose lease
/// lapsed, which the hub releases (`release`). On the injected clock.
struct NodeHeartbeat: Sendable {
    let store: any NodeStore
    let node: String
    let expiry: RoomHub.Expiry
    let clock: any LocalClock
    let logger: Logger

    /// Until cancelled. A database that does not answer is said once, and its return once.
    func run(release: @Sendable (String, HostClaim) async throws -> Void) async {
        var lastScan = clock.now().advanced(by: -expiry.nodeLease.inMicroseconds)
        var failing = false
        while !Task.isCancelled {
            do {
                try await store.heartbeat(node: node, lease: expiry.nodeLease)
                if lastScan.distance(to: clock.now()) >= (expiry.nodeLease / 2).inMicroseconds {
                    lastScan = clock.now()
                    for (code, claim) in try await store.deadHostClaims(room: nil) where claim.node != node {
                        logger.notice("releasing a dead node's host", metadata: ["room": "\(code)", "claim": "\(claim)"])
                        try await release(code, claim)
                    }
                }
                if failing { logger.notice("the database answers again") }
                failing = false
            } catch {
                if !failing { logger.warning("cannot renew this node's heartbeat", metadata: ["error": "\(error)"]) }
                failing = true
            }
            do { try await clock.sleep(for: expiry.heartbeatInterval) } catch { return }
        }
    }
}
