import SimulcastCore
import Testing

/// What clients claim is checked before anything is stored: each row is one hostile or
/// careless input that wave 1 accepted (or crashed on).
@Suite struct WireLimitsTests {
    let limits = WireLimits.standard
    let now = ServerTime(micros: 1_795_372_805_000_000)
    let services: Set<MusicService> = [.appleMusic, .deezer, .spotify, .localFiles]

    func snapshot(positionMs: Double = 1000, serverTime: Int64? = nil, track: TrackMetadata? = nil, queue: [TrackMetadata]? = nil) -> PlaybackSnapshot {
        PlaybackSnapshot(
            track: track ?? TrackMetadata(service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artists: ["B*Witched"], durationMs: 178_000),
            playing: true, anchor: PlaybackAnchor(positionMs: positionMs, at: serverTime.map(ServerTime.init(micros:)) ?? now), queue: queue)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1, 0])
    func anchorsFarFromTheServerClockAreRefusedWithoutOverflow(serverTime: Int64) {
        #expect(limits.problem(with: snapshot(serverTime: serverTime), now: now)?.contains("a day away") == true)
        #expect(limits.problem(with: snapshot(serverTime: serverTime), now: ServerTime(micros: .min)) != nil || serverTime == .min || serverTime == .min + 1)
    }

    @Test(arguments: [-1, Double.nan, Double.infinity, 1e308, 86_400_001])
    func positionsOutOfRangeAreRefused(position: Double) {
        #expect(limits.problem(with: snapshot(positionMs: position), now: now) != nil)
    }

    @Test func aGoodSnapshotPasses() {
        #expect(limits.problem(with: snapshot(), now: now) == nil)
    }

    @Test(arguments: [
        TrackMetadata(service: .spotify, id: String(repeating: "x", count: 60_000), title: "T", artists: []),
        TrackMetadata(service: .spotify, id: "a", title: String(repeating: "t", count: 513), artists: []),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: Array(repeating: "A", count: 17)),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: [String(repeating: "a", count: 600)]),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: [], album: String(repeating: "b", count: 513)),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: [], durationMs: -5),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: [], durationMs: Int.max),
        TrackMetadata(service: .spotify, id: "", title: "T", artists: []),
        TrackMetadata(service: .spotify, id: "a", title: "T", artists: [], artworkURL: String(repeating: "u", count: 3000)),
        TrackMetadata(service: MusicService(rawValue: String(repeating: "s", count: 48_000)), id: "a", title: "T", artists: []),
    ])
    func oversizedOrNonsenseTracksAreRefused(track: TrackMetadata) {
        #expect(limits.problem(with: snapshot(track: track), now: now) != nil)
        #expect(limits.problem(with: snapshot(queue: [track]), now: now) != nil)
    }

    @Test func absurdQueuesAreRefused() {
        let track = TrackMetadata(service: .spotify, id: "a", title: "T", artists: [])
        #expect(limits.problem(with: snapshot(queue: Array(repeating: track, count: 51)), now: now) != nil)
        #expect(limits.problem(with: snapshot(queue: Array(repeating: track, count: 20)), now: now) == nil)
    }

    @Test(arguments: [
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .appleMusic, storefront: "us"), true),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .appleMusic, storefront: "US"), true),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .localFiles), true),
        (Wire.Hello(role: .host, room: "K7PQ2M", hostToken: "t"), true),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: MusicService(rawValue: String(repeating: "x", count: 48_000))), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: MusicService(rawValue: "tidal")), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .appleMusic, storefront: "usa"), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .appleMusic, storefront: "zz-\(String(repeating: "q", count: 100))"), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .appleMusic, storefront: "é1"), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M"), false),
        (Wire.Hello(role: .listener, room: "K7PQ2M", service: .deezer, client: String(repeating: "c", count: 65)), false),
    ])
    func hellosNameAKnownServiceAndATwoLetterStorefront(hello: Wire.Hello, accepted: Bool) {
        #expect((limits.problem(with: hello, services: services) == nil) == accepted)
    }

    @Test(arguments: [
        (Wire.ListenerReport(trackId: "298026101", playing: true, positionMs: 43_512.4, measuredAt: 1_795_372_805_000_000, syncErrorMs: -3.1, seq: 12), true),
        (Wire.ListenerReport(trackId: String(repeating: "x", count: 60_000), playing: true, positionMs: 1, measuredAt: 1_795_372_805_000_000), false),
        (Wire.ListenerReport(trackId: nil, playing: true, positionMs: 1e308, measuredAt: 1_795_372_805_000_000), false),
        (Wire.ListenerReport(trackId: nil, playing: true, positionMs: 1, measuredAt: ServerTime(micros: .min)), false),
        (Wire.ListenerReport(trackId: nil, playing: true, positionMs: 1, measuredAt: 1_795_372_805_000_000, syncErrorMs: .infinity), false),
        (Wire.ListenerReport(trackId: nil, playing: true, positionMs: 1, measuredAt: 1_795_372_805_000_000, seq: -4), false),
    ])
    func reportsHaveSizeAndRangeLimits(report: Wire.ListenerReport, accepted: Bool) {
        #expect((limits.problem(with: report, now: now) == nil) == accepted)
    }

    @Test func instantArithmeticSaturates() {
        #expect(ServerTime(micros: .max).distance(to: ServerTime(micros: .min)) == .min)
        #expect(ServerTime(micros: .min).distance(to: ServerTime(micros: .max)) == .max)
        #expect(ServerTime(micros: .max).advanced(by: 1) == ServerTime(micros: .max))
        #expect(ServerTime(micros: 10).distance(to: ServerTime(micros: 4)) == -6)
        #expect(PlaybackAnchor(positionMs: 0, at: ServerTime(micros: .min)).position(at: ServerTime(micros: .max), playing: true).isFinite)
    }
}
