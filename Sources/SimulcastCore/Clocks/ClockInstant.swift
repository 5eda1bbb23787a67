/// Microseconds, the unit of every time on the wire and of spans between instants.
public typealias Microseconds = Int64

/// An instant on one clock, in microseconds since the Unix epoch. The domain is part of the
/// type, so a server time cannot be compared with a local one or passed where one is
/// expected. Arithmetic saturates: a client's absurd time can never overflow and trap. On the
/// wire it is a bare integer, as protocol v1 has always carried times.
public struct ClockInstant<Domain: ClockDomain>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var micros: Microseconds

    public init(micros: Microseconds) { self.micros = micros }

    /// `other - self`, saturating at the ends of `Int64`.
    public func distance(to other: ClockInstant) -> Microseconds {
        let (difference, overflow) = other.micros.subtractingReportingOverflow(micros)
        if overflow { return other.micros < micros ? .min : .max }
        return difference
    }

    /// `other - self` in milliseconds.
    public func milliseconds(to other: ClockInstant) -> Double { Double(distance(to: other)) / 1000 }

    /// `self + amount`, saturating.
    public func advanced(by amount: Microseconds) -> ClockInstant {
        let (sum, overflow) = micros.addingReportingOverflow(amount)
        if overflow { return ClockInstant(micros: amount < 0 ? .min : .max) }
        return ClockInstant(micros: sum)
    }

    /// `self + duration`, to the microsecond, saturating.
    public func advanced(by duration: Duration) -> ClockInstant { advanced(by: duration.inMicroseconds) }

    /// `self + milliseconds`, rounded toward zero to whole microseconds, saturating.
    public func advanced(byMilliseconds milliseconds: Double) -> ClockInstant {
        advanced(by: Self.microseconds(milliseconds))
    }

    /// The same number read on another clock, where that is meant: the server's own clock is
    /// server time (`serverClockNow()`), `ClockSync` shifts a local reading by its offset, and
    /// the seed's baseline compares clocks naively on purpose. Anything else converts with
    /// `ClockSync`.
    public func reinterpreted<Other: ClockDomain>(as _: Other.Type = Other.self) -> ClockInstant<Other> {
        ClockInstant<Other>(micros: micros)
    }

    /// Milliseconds to whole microseconds, saturating (a NaN is zero).
    public static func microseconds(_ milliseconds: Double) -> Microseconds {
        let value = milliseconds * 1000
        guard value.isFinite else { return value.isNaN ? 0 : (value < 0 ? .min : .max) }
        if value >= Double(Int64.max) { return .max }
        if value <= Double(Int64.min) { return .min }
        return Int64(value)
    }

    /// The bare number of microseconds, as on the wire.
    public var description: String { "\(micros)" }

    /// A literal is a number of microseconds: fixed instants in tests and tables.
    public init(integerLiteral value: Microseconds) { micros = value }

    public static func < (lhs: ClockInstant, rhs: ClockInstant) -> Bool { lhs.micros < rhs.micros }

    public init(from decoder: any Decoder) throws {
        micros = try decoder.singleValueContainer().decode(Microseconds.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(micros)
    }
}
