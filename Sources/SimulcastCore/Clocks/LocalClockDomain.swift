/// This device's clock, as `LocalClock` reads it: when a player was read or must start.
public enum LocalClockDomain: ClockDomain {}

/// An instant on this device's clock.
public typealias LocalTime = ClockInstant<LocalClockDomain>
