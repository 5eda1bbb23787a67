import Testing

@testable import simulcast_bench

/// Callgrind's text format as valgrind's manual gives it: compressed names, relative
/// positions, and a call's inclusive cost that belongs to the callee, not the caller.
@Suite struct CallgrindProfileTests {
    static let dump = """
        version: 1
        creator: callgrind-3.19.0
        pid: 42
        part: 2
        desc: Trigger: dump publishing
        positions: line
        events: Ir
        summary: 1050

        ob=(1) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        fl=(1) ???
        fn=(1) swift_retain
        0 300

        ob=(2) /srv/simulcast
        fl=(2) ???
        fn=(2) $s5Rooms8LiveRoomC7receive
        0 100
        +2 50
        cob=(1)
        cfi=(1)
        cfn=(1)
        calls=3 0
        * 300
        fn=(3) $s7NIOCore10ByteBufferV5write
        0 400
        * 
        fn=(2)
        -1 200
        totals: 1050
        """

    @Test func selfCostLeavesOutWhatACallSpentInItsCallee() throws {
        let profile = try CallgrindProfile(parsing: Self.dump)
        #expect(profile.total == 1050)
        let byName = Dictionary(uniqueKeysWithValues: profile.selfCost.map { ($0.key.name, $0.value) })
        #expect(byName["swift_retain"] == 300)
        #expect(byName["$s5Rooms8LiveRoomC7receive"] == 350)  // 100 + 50 + 200, not the call's 300
        #expect(byName["$s7NIOCore10ByteBufferV5write"] == 400)
        #expect(profile.selfCost.values.reduce(0, +) == profile.total)
    }

    @Test func namesGivenOnceAreUsedByNumberAfterwards() throws {
        let profile = try CallgrindProfile(parsing: Self.dump)
        let rooms = profile.selfCost.keys.first { $0.name.contains("LiveRoom") }
        #expect(rooms?.object == "/srv/simulcast")
    }

    @Test func sharesGroupFunctionsByWhatTheyArePartOf() throws {
        let shares = try CallgrindProfile(parsing: Self.dump).shares()
        #expect(shares.map(\.part) == [.nio, .rooms, .referenceCounting])
        #expect(shares.map(\.instructions) == [400, 350, 300])
    }

    @Test func aDumpWithoutTotalsIsRefused() {
        #expect(throws: BenchError.self) { try CallgrindProfile(parsing: "events: Ir\nfn=(1) f\n0 5\n") }
    }
}
