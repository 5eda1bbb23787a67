import ArgumentParser

/// A span of milliseconds on the command line: "150-300", or one value ("200").
struct MillisecondRange: ExpressibleByArgument, Sendable {
    let range: ClosedRange<Double>

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false).map { Double(String($0)) }
        switch parts.count {
        case 1:
            guard let value = parts[0], value >= 0, value.isFinite else { return nil }
            range = value...value
        case 2:
            guard let low = parts[0], let high = parts[1], low >= 0, low <= high, high.isFinite else { return nil }
            range = low...high
        default:
            return nil
        }
    }
}
