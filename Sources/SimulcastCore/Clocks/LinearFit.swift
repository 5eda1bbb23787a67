/// Ordinary least squares of y on x: clock drift from offset samples, a recording's speed
/// from landmark matches. The one place the fit is computed.
public struct LinearFit: Hashable, Sendable {
    public let count: Int
    public let meanX: Double
    public let meanY: Double
    /// Mean squared distance of the xs from their mean (how far apart they are spread).
    public let varianceX: Double
    /// dy/dx; nil when every x is the same.
    public let slope: Double?

    /// Nil for no points.
    public init?(_ points: [(x: Double, y: Double)]) {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n
        let meanY = points.reduce(0) { $0 + $1.y } / n
        var covariance = 0.0
        var variance = 0.0
        for point in points {
            covariance += (point.x - meanX) * (point.y - meanY)
            variance += (point.x - meanX) * (point.x - meanX)
        }
        self.count = points.count
        self.meanX = meanX
        self.meanY = meanY
        self.varianceX = variance / n
        self.slope = variance > 0 ? covariance / variance : nil
    }

    /// Where a line of `slope` through the points' mean crosses x = 0.
    public func intercept(slope: Double) -> Double { meanY - slope * meanX }
}
