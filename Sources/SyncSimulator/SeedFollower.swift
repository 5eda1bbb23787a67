import SimulcastClient
import SimulcastCore

/// The seed document's listener, the baseline: the offset between its clock and the server's
/// from a single exchange, and on each new track one jump to where the host should be by
/// then; nothing after (no clock refinement, no latency learning, no corrections).
actor SeedFollower {
    let client: RoomConnection
    let player: any PlayerDriver
    let clock: any LocalClock
    private var offset: Microseconds?
    private var currentTrack: String?

    init(client: RoomConnection, player: any PlayerDriver) {
        self.client = client
        self.player = player
        self.clock = client.clock
    }

    func handle(_ event: RoomConnectionEvent?) async {
        if offset == nil, let first = await client.clockSync.samples.first {
            // "The offset between the system clock and the server date", from one fetch.
            offset = first.t3.reinterpreted(as: ServerClockDomain.self).distance(to: first.t2)
        }
        guard case .roomState(let state) = event, let offset, let source = state.track?.source, source.id != currentTrack,
            let target = state.track?.match(for: .appleMusic, storefront: "us")?.track
        else { return }
        currentTrack = source.id
        let position = state.anchor.position(at: clock.now().reinterpreted(as: ServerClockDomain.self).advanced(by: offset), playing: state.playing)
        try? await player.perform(.load(trackId: target.id, positionMs: position, play: state.playing))
    }
}
