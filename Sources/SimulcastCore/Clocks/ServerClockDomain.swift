/// The server's clock: what anchors, room states and reports are stamped with. On the server
/// it is the machine's own clock; clients reach it through `ClockSync`.
public enum ServerClockDomain: ClockDomain {}

/// An instant on the server's clock.
public typealias ServerTime = ClockInstant<ServerClockDomain>
