/// Nearest-rank percentiles: the smallest value with at least p of the values at or below
/// it. The one definition the benchmarks and the demo's summary share.
public struct Percentiles: Sendable {
    public let sorted: [Double]

    public init(_ values: [Double]) { sorted = values.sorted() }

    /// NaN for no values.
    public func at(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    public var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }
}
