import SimulcastCore
import Testing

/// The one percentile and the one least-squares fit the code shares.
@Suite struct StatisticsTests {
    @Test(arguments: [
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5, 5.0),
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95, 10.0),
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.1, 1.0),
        ([7.0], 0.99, 7.0),
        ([3.0, 1, 2], 1.0, 3.0),
        ([3.0, 1, 2], 0.0, 1.0),
    ])
    func nearestRank(values: [Double], p: Double, expected: Double) {
        #expect(Percentiles(values).at(p) == expected)
    }

    @Test func noValuesHaveNoPercentile() {
        #expect(Percentiles([]).at(0.5).isNaN)
    }

    @Test func aLineIsFoundExactly() throws {
        let fit = try #require(LinearFit((0..<10).map { (x: Double($0), y: 3 + 0.5 * Double($0)) }))
        #expect(fit.slope == 0.5)
        #expect(fit.intercept(slope: 0.5) == 3)
        #expect(fit.count == 10)
        #expect(abs(fit.varianceX - 8.25) < 1e-12)
    }

    @Test func pointsAtOneXHaveNoSlope() throws {
        let fit = try #require(LinearFit([(x: 2, y: 1), (x: 2, y: 5)]))
        #expect(fit.slope == nil)
        #expect(fit.intercept(slope: 1) == 1)
        #expect(LinearFit([]) == nil)
    }
}
