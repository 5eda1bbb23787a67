import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts open TCP connections per client address and in total. The total is also kept
/// below the process's descriptor limit, so the accept loop never runs out of descriptors
/// (which starves every other client and spins a core).
public final class ConnectionLimiter: Sendable {
    public enum Admission: Sendable, Equatable { case admitted, tooManyFromAddress, tooManyInTotal }

    let perAddress: Int
    let total: Int
    let exempt: Set<String>
    private let counts = Mutex<(total: Int, byAddress: [String: Int])>((0, [:]))

    public init(perAddress: Int, total: Int, exempt: Set<String>) {
        self.perAddress = perAddress
        self.total = min(total, Self.descriptorBudget())
        self.exempt = exempt
    }

    public func admit(_ address: String) -> Admission {
        counts.withLock { counts in
            guard counts.total < total else { return .tooManyInTotal }
            let current = counts.byAddress[address, default: 0]
            guard current < perAddress || exempt.contains(address) else { return .tooManyFromAddress }
            counts.total += 1
            counts.byAddress[address] = current + 1
            return .admitted
        }
    }

    public func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
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
