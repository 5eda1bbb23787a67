/// What a query matched: the reference, where in it the query starts, and how fast it ran.
public struct Recognition: Hashable, Sendable {
    public var track: CatalogTrack
    /// Reference time (seconds) at the start of the query.
    public var offsetSeconds: Double
    /// The query's speed against the reference minus one: +0.02 for a record played 2 % fast.
    public var skew: Double
    /// 0...1: how far the winner stands above chance and the runner-up.
    public var confidence: Double
    /// Landmarks that agree on this track, offset and speed.
    public var votes: Int
    /// The reference position at the end of the query: where a live source is now.
    public var positionAtEndSeconds: Double
}
