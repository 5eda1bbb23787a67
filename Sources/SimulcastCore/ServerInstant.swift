/// Microseconds, the unit of every time on the wire.
public typealias Microseconds = Int64

/// An instant on the server's clock (microseconds since the Unix epoch). Arithmetic
/// saturates, so a client's absurd time can never overflow and trap.
public struct ServerInstant: Hashable, Comparable, Sendable {
    public var micros: Microseconds

    public init(_ micros: Microseconds) { self.micros = micros }

    /// `other - self`, saturating at the ends of `Int64`.
    public func distance(to other: ServerInstant) -> Microseconds {
        let (difference, overflow) = other.micros.subtractingReportingOverflow(micros)
        if overflow { return other.micros < micros ? .min : .max }
        return difference
    }

    /// `self + amount`, saturating.
    public func advanced(by amount: Microseconds) -> ServerInstant {
        let (sum, overflow) = micros.addingReportingOverflow(amount)
        if overflow { return ServerInstant(amount < 0 ? .min : .max) }
        return ServerInstant(sum)
    }

    public static func < (lhs: ServerInstant, rhs: ServerInstant) -> Bool { lhs.micros < rhs.micros }
}
