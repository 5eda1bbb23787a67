import Rooms
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts open TCP connections per client address, per client network (`NetworkPrefix`) and
/// in total. The total is also kept below the process's descriptor limit, so the accept loop
/// never runs out of descriptors (which starves every other client and spins a core). The
/// network cap is what stops a few neighbouring addresses from holding the total (960 idle
/// connections from 5 addresses under `ulimit -n 1024` once turned every other client away);
/// `crowdedBy` says when the caps still let a handful of clients do it.
public final class ConnectionLimiter: Sendable {
    public enum Admission: Sendable, Equatable { case admitted, tooManyFromAddress, tooManyFromNetwork, tooManyInTotal }

    struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
        var byNetwork: [String: Int] = [:]
    }

    let perAddress: Int
    let perNetwork: Int
    let total: Int
    let exempt: Set<String>
    private let counts = Mutex(Counts())

    public init(perAddress: Int, perNetwork: Int, total: Int, exempt: Set<String>) {
        self.total = min(total, Self.descriptorBudget())
        self.perAddress = perAddress
        self.perNetwork = perNetwork
        self.exempt = exempt
    }

    /// How few client networks could hold every connection, when that is fewer than eight
    /// (the server warns at start: the caps suit a larger descriptor limit).
    public var crowdedBy: Int? {
        let networks = (total + min(perAddress, perNetwork) - 1) / max(1, min(perAddress, perNetwork))
        return networks < 8 ? networks : nil
    }

    public func admit(_ peer: String) -> Admission {
        let network = NetworkPrefix.of(peer)
        // An IPv6 /64 is one address: one machine holds a whole one.
        let address = NetworkPrefix.subscriber(peer)
        return counts.withLock { counts in
            guard counts.total < total else { return .tooManyInTotal }
            let fromAddress = counts.byAddress[address, default: 0]
            let fromNetwork = counts.byNetwork[network, default: 0]
            if !exempt.contains(peer) {
                guard fromAddress < perAddress else { return .tooManyFromAddress }
                guard fromNetwork < perNetwork else { return .tooManyFromNetwork }
            }
            counts.total += 1
            counts.byAddress[address] = fromAddress + 1
            counts.byNetwork[network] = fromNetwork + 1
            return .admitted
        }
    }

    public func release(_ peer: String) {
        let network = NetworkPrefix.of(peer)
        let address = NetworkPrefix.subscriber(peer)
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
            let leftInNetwork = counts.byNetwork[network, default: 1] - 1
            counts.byNetwork[network] = leftInNetwork > 0 ? leftInNetwork : nil
        }
    }

    public var open: Int { counts.withLock { $0.total } }

    /// Descriptors the process may open, less a reserve for the database, logs and catalogs.
    static func descriptorBudget() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return .max }
        return max(16, Int(limit.rlim_cur) - 64)
    }
}
