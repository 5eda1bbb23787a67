import SimulcastCore
import Testing

/// Listener ids are fifteen hex digits: unguessable enough to tell connections apart across
/// nodes, and short enough for Swift to keep inline (no allocation per connection).
@Suite struct ListenerIdTests {
    struct Counting: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            return state
        }
    }

    @Test func generatedIdsAreWellFormedAndDistinct() {
        var generator = Counting(state: 0)
        let ids = (0..<1_000).map { _ in ListenerId.generate(using: &generator) }
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(ListenerId.isWellFormed(id), "\(id)") }
        var zero = Counting(state: 0 &- 0x9E37_79B9_7F4A_7C15)
        #expect(ListenerId.generate(using: &zero) == "000000000000000", "padded to fifteen")
    }

    @Test(arguments: [
        ("0123456789abcde", true), ("0123456789abcdef", false), ("0123456789abcd", false), ("0123456789ABCDE", false), ("0123456789abcdg", false),
        ("", false), ("012345678 abcde", false),
    ])
    func onlyFifteenLowercaseHexDigitsAreAnId(_ raw: String, _ wellFormed: Bool) {
        #expect(ListenerId.isWellFormed(raw) == wellFormed)
    }
}
