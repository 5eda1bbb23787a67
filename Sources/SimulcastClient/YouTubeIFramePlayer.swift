import SimulcastCore

/// The follow policy's verbs over YouTube's embedded player, as the listener page does them
/// (`Web/players/youtube-player.js`): one player for the evening, songs changed with
/// `loadVideoById` at the room's position, its stepped time read by `SteppedTimeReader`, and
/// an ad or a stall reported as waiting (the session waits it out, `ListenerSessionCore`).
///
/// A seek is held: a seek while playing rebuffers for anything from 300 to 600 ms, so it would
/// land anywhere in a 300 ms window and be corrected again and again. Paused, the player
/// buffers where it was sent and waits; it plays a hold after the command (`SeekHold`: 700 ms,
/// or longer where buffering is slower), so every seek takes the same time, which the policy
/// learns and aims by.
public actor YouTubeIFramePlayer: PlayerDriver {
    let frame: any YouTubeIFrame
    let clock: any LocalClock
    let timer: any PlayerTimer
    private var reader: SteppedTimeReader
    private var videoId: String?
    /// Counts commands, so a held seek's play is dropped when another command came after it.
    private var commands = 0
    private var hold = SeekHold()

    public init(frame: any YouTubeIFrame, clock: any LocalClock, timer: any PlayerTimer) {
        self.frame = frame
        self.clock = clock
        self.timer = timer
        self.reader = SteppedTimeReader(at: clock.now())
    }

    /// The follow policy for an embedded YouTube player: a load buffers for a few hundred
    /// milliseconds (300 to 600 ms measured) and a seek is held for `SeekHold.minimum` or
    /// more, which the policy starts from and then learns. The page's `followFigures` are the same.
    public static func followConfiguration(service: MusicService = .youtube, storefront: String) -> FollowPolicy.Configuration {
        FollowPolicy.Configuration(
            service: service, storefront: storefront, seekThresholdMs: 35, defaultStartLatencyMs: 450, defaultSeekLatencyMs: SeekHold.minimum.inSeconds * 1000)
    }

    public func perform(_ action: PlayerAction) async throws {
        await takeStateChanges()
        commands += 1
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
            let state = await frame.playerState()
            if state == .playing || state == .buffering { await frame.pauseVideo() }
            await frame.seek(toSeconds: max(0, positionMs) / 1000)
            guard play || state == .playing || state == .buffering else { return }
            hold.sent(at: clock.now())
            let command = commands
            timer.run(after: hold.duration) { await self.playAfterHold(command) }
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

    private func playAfterHold(_ command: Int) async {
        guard command == commands else { return }
        await frame.playVideo()
    }

    private func takeStateChanges() async {
        for change in await frame.takeStateChanges() {
            reader.stateChanged(to: change.state, at: change.at)
            hold.stateChanged(to: change.state, at: change.at)
        }
    }
}
