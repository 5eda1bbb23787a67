import SimulcastCore
import Testing

@testable import Rooms

/// The allowances every limit uses, on the injected clock: a table of spends over virtual time.
@Suite struct TokenBucketTests {
    static let start = LocalTime(micros: 1_000_000_000)

    @Test(arguments: [
        // burst, per second, takes at these ms after the start, expected answers
        (3.0, 1.0, [0, 0, 0, 0], [true, true, true, false], "a full bucket gives its burst at once, then nothing"),
        (3.0, 1.0, [0, 0, 0, 999, 1_000], [true, true, true, false, true], "one token a second comes back after exactly a second"),
        (2.0, 10.0, [0, 0, 50, 100], [true, true, false, true], "ten a second: one every 100 ms"),
        (1.0, 1.0, [0, 5_000, 5_000], [true, true, false], "refills stop at the burst, however long the wait"),
        (2.0, 1.0, [1_000, 0], [true, true], "a clock read that goes back refills nothing and takes nothing away"),
    ])
    func spends(burst: Double, perSecond: Double, atMs: [Int64], expected: [Bool], why: String) {
        var bucket = TokenBucket(rate: .init(burst: burst, perSecond: perSecond), now: Self.start)
        let answers = atMs.map { bucket.take(now: Self.start.advanced(by: $0 * 1_000)) }
        #expect(answers == expected, "\(why)")
    }

    @Test func retryAfterSaysWhenTheNextTokenComes() {
        var bucket = TokenBucket(rate: .init(burst: 1, perSecond: 0.25), now: Self.start)
        let first = bucket.take(now: Self.start)
        let second = bucket.take(now: Self.start)
        #expect(first && !second)
        #expect(bucket.secondsToNextToken == 4)
        let full = bucket.isFull(now: Self.start.advanced(by: 4_000_000))
        #expect(full)
    }

    @Test func anUnlimitedRateNeverRefuses() {
        var bucket = TokenBucket(rate: .unlimited, now: Self.start)
        var answers: [Bool] = []
        for _ in 0..<1_000 { answers.append(bucket.take(now: Self.start)) }
        #expect(!answers.contains(false))
    }
}
