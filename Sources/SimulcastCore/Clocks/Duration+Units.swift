extension Duration {
    /// The duration in seconds, as a floating-point number (for rates and reports).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole microseconds, the unit of times on the wire.
    public var inMicroseconds: Microseconds {
        components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
    }
}
