import SimulcastCore

/// What a follower needs of YouTube's embedded player: the IFrame Player API's calls
/// (`loadVideoById`, `cueVideoById`, `seekTo`, `playVideo`, `pauseVideo`, `stopVideo`,
/// `getPlayerState`, `getCurrentTime`) and its state changes (`onStateChange`). The listener
/// page calls the real one from JavaScript; the sync simulator has its own
/// (`SimulatedYouTubeIFrame`), so the Swift follow code can be measured against it.
public protocol YouTubeIFrame: Sendable {
    func loadVideo(id: String, startSeconds: Double) async
    func cueVideo(id: String, startSeconds: Double) async
    func seek(toSeconds seconds: Double) async
    func playVideo() async
    func pauseVideo() async
    func stopVideo() async
    func playerState() async -> SteppedTimeReader.State
    /// `getCurrentTime()`: the video's time as the iframe last reported it, in seconds.
    func currentTime() async -> Double
    /// The state changes since the last call, in order, each stamped on this device's clock
    /// when its `onStateChange` ran.
    func takeStateChanges() async -> [(state: SteppedTimeReader.State, at: LocalTime)]
}
