import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms

/// Who may react, on a manual clock: the connection's allowance, the address's across
/// connections, the room's budget, and the host never silenced by listeners.
@Suite struct RoomReactionsTests {
    static func limits() -> ServerLimits {
        var limits = ServerLimits()
        limits.reactionsPerConnection = .init(burst: 2, perSecond: 1)
        limits.reactionsPerSender = .init(burst: 3, perSecond: 1)
        limits.reactionsPerRoom = .init(burst: 4, perSecond: 1)
        return limits
    }

    static func kinds(_ results: [Result<Wire.RoomReaction, RoomReactions.Refusal>]) -> [String] {
        results.map { result in
            switch result {
            case .success(let reaction): reaction.fromHost == true ? "host" : reaction.from
            case .failure(.unknown): "unknown"
            case .failure(.senderRate): "sender"
            case .failure(.roomRate): "room"
            }
        }
    }

    @Test func eachAllowanceHoldsAndTheHostIsNeverSilenced() {
        let clock = ManualClock()
        var book = RoomReactions(limits: Self.limits(), clock: clock)
        let now = clock.now()
        var results: [Result<Wire.RoomReaction, RoomReactions.Refusal>] = []
        // One listener's connection: two, then its own allowance is spent.
        var first = TokenBucket(rate: Self.limits().reactionsPerConnection, now: now)
        for _ in 0..<3 { results.append(book.admit("fire", listener: ("Ana", "203.0.113.7"), allowance: &first, now: now)) }
        // A second connection from the same address: one more, then the address's three are spent.
        var second = TokenBucket(rate: Self.limits().reactionsPerConnection, now: now)
        for _ in 0..<2 { results.append(book.admit("heart", listener: ("Ana", "203.0.113.7"), allowance: &second, now: now)) }
        // Another address: the room's budget of four has one left.
        var other = TokenBucket(rate: Self.limits().reactionsPerConnection, now: now)
        for _ in 0..<2 { results.append(book.admit("clap", listener: ("Bo", "198.51.100.9"), allowance: &other, now: now)) }
        // The host, with the room's budget spent, still reacts; a name outside the set never passes.
        var host = TokenBucket(rate: Self.limits().reactionsPerConnection, now: now)
        results.append(book.admit("party", listener: nil, allowance: &host, now: now))
        results.append(book.admitFromHostPage("wow", now: now))
        results.append(book.admit("<script>", listener: ("Bo", "198.51.100.9"), allowance: &other, now: now))
        #expect(Self.kinds(results) == ["Ana", "Ana", "sender", "Ana", "sender", "Bo", "room", "host", "host", "unknown"])

        // A second later every allowance has one more.
        clock.advance(byMs: 1_000)
        let later = clock.now()
        #expect(Self.kinds([book.admit("fire", listener: ("Ana", "203.0.113.7"), allowance: &first, now: later)]) == ["Ana"])
    }

    @Test func theRecentOnesAreTheLastTwentyWithinTenSeconds() {
        var book = RoomReactions(limits: ServerLimits(), clock: ManualClock())
        let start = ServerTime(micros: 1_000_000_000)
        for second in 0..<25 {
            book.remember(Wire.RoomReaction(reaction: .fire, from: "L\(second)", fromHost: false), at: start.advanced(by: Int64(second) * 100_000))
        }
        #expect(book.recent(at: start.advanced(by: 2_400_000)).map(\.from) == (5..<25).map { "L\($0)" })
        #expect(book.recent(at: start.advanced(by: 12_250_000)).map(\.from) == (23..<25).map { "L\($0)" })
    }
}
