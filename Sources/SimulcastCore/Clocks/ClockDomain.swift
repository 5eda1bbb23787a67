/// Which clock an instant was read from. Clocks of different machines differ by an offset and
/// drift (see `ClockSync`), so instants of different domains are different types and only
/// `ClockSync` converts between them.
public protocol ClockDomain: Sendable {}
