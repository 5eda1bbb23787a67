/// Nearest-rank percentiles of durations in microseconds.
struct Percentiles {
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    func at(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }
}
