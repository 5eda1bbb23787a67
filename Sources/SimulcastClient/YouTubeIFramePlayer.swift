import SimulcastCore

/// The follow policy's verbs over YouTube's embedded player, as the listener page does them
/// (`Web/players/youtube-player.js`): one player for the evening, songs changed with
/// `loadVideoById` at the room's position, its stepped time read by `SteppedTimeReader`, and
/// an ad or a stall reported as waiting (the session waits it out, `ListenerSessionCore`).
public actor YouTubeIFramePlayer: PlayerDriver {
    let frame: any YouTubeIFrame
    let clock: any LocalClock
    private var reader: SteppedTimeReader
    private var videoId: String?

    public init(frame: any YouTubeIFrame, clock: any LocalClock) {
        self.frame = frame
        self.clock = clock
        self.reader = SteppedTimeReader(at: clock.now())
    }

    /// The follow policy for an embedded YouTube player: every load and seek buffers for a few
    /// hundred milliseconds (300 to 600 ms measured), which the policy starts from and then
    /// learns. The page's `followFigures` are the same.
    public static func followConfiguration(service: MusicService = .youtube, storefront: String) -> FollowPolicy.Configuration {
        FollowPolicy.Configuration(service: service, storefront: storefront, seekThresholdMs: 35, defaultStartLatencyMs: 450, defaultSeekLatencyMs: 450)
    }

    public func perform(_ action: PlayerAction) async throws {
        await takeStateChanges()
        switch action {
        case .load(let id, let positionMs, let play):
            videoId = id
            reader.loaded(fromMs: positionMs, at: clock.now())
            if play {
                await frame.loadVideo(id: id, startSeconds: max(0, positionMs) / 1000)
            } else {
                await frame.cueVideo(id: id, startSeconds: max(0, positionMs) / 1000)
            }
        case .seek(let positionMs, let play):
            reader.sought()
            if play, await frame.playerState() != .playing { await frame.playVideo() }
            await frame.seek(toSeconds: max(0, positionMs) / 1000)
        case .pause:
            if await frame.playerState() == .playing { await frame.pauseVideo() }
        case .stop:
            videoId = nil
            await frame.stopVideo()
        }
    }

    public func read() async -> LocalPlayerReading {
        await takeStateChanges()
        let now = clock.now()
        guard let videoId else { return LocalPlayerReading(trackId: nil, playing: false, positionMs: 0, at: now) }
        let reading = reader.read(state: await frame.playerState(), seconds: await frame.currentTime(), at: now)
        return LocalPlayerReading(trackId: videoId, playing: reading.playing, positionMs: reading.positionMs, at: now, waiting: reading.waiting)
    }

    private func takeStateChanges() async {
        for change in await frame.takeStateChanges() { reader.stateChanged(to: change.state, at: change.at) }
    }
}
