/// A `Double` as the wire's JSON encoder (Foundation's `JSONEncoder`) writes it, for the few
/// messages the server writes itself: a whole number within 2^53 without a fraction ("213573",
/// "-0"), any other the shortest text that reads back as the same number ("61234.5678",
/// "1e-07"). `JSONNumberTextTests` compares the two over edge cases and random numbers.
enum JSONNumberText {
    /// Largest magnitude up to which every whole number is exact in a `Double`.
    private static let exactWholeLimit: Double = 9_007_199_254_740_992

    /// Nil for NaN and infinity, which JSON cannot carry.
    static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if value.rounded(.towardZero) == value, abs(value) <= exactWholeLimit { return String(Int64(value)) }
        return value.description
    }
}
