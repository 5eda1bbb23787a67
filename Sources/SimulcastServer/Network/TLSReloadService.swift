import Logging
import ServiceLifecycle
import SimulcastCore
import UnixSignals

/// Picks up a renewed certificate without a restart: at once on SIGHUP (the systemd unit's
/// `ExecReload`, or a renewal hook), and by looking at the files' modification times every
/// `reloadInterval` (a renewal that tells nobody).
struct TLSReloadService: Service {
    let store: TLSContextStore
    let clock: any LocalClock
    let handleSignals: Bool
    let logger: Logger
    /// Ends once SIGHUP is trapped: the server binds only then, so an early reload (systemd's,
    /// a renewal hook's) can never kill it with the signal's default action.
    let signalsTrapped: AsyncStream<Void>
    private let trappedContinuation: AsyncStream<Void>.Continuation

    init(store: TLSContextStore, clock: any LocalClock, handleSignals: Bool, logger: Logger) {
        self.store = store
        self.clock = clock
        self.handleSignals = handleSignals
        self.logger = logger
        (signalsTrapped, trappedContinuation) = AsyncStream<Void>.makeStream()
    }

    func run() async throws {
        // Ends quietly with the server: a cancelled sleep is the way out, not a failure.
        try? await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if handleSignals {
                    let hangups = await UnixSignalsSequence(trapping: .sighup)
                    trappedContinuation.finish()
                    group.addTask {
                        for await _ in hangups { reload(force: true, why: "SIGHUP") }
                    }
                }
                trappedContinuation.finish()
                group.addTask {
                    while !Task.isCancelled {
                        try await clock.sleep(until: clock.now().advanced(by: store.files.reloadInterval))
                        reload(force: false, why: "the files changed")
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    func reload(force: Bool, why: String) {
        do {
            if try store.reloadIfChanged(force: force) {
                logger.notice("TLS certificate loaded", metadata: ["why": "\(why)", "serial": "\(store.serialHex)"])
            }
        } catch {
            logger.error("TLS certificate not reloaded; the previous one is still served", metadata: ["problem": "\(error)"])
        }
    }
}
