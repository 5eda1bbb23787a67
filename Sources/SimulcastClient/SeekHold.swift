import SimulcastCore

/// How long a held seek waits before it plays (`YouTubeIFramePlayer`): at least `minimum`
/// (above the 300-600 ms a seek buffers on a good connection), and longer than the slowest
/// buffering seen lately plus a margin, so that on a slow network the hold still outlasts the
/// buffering and every seek keeps taking the same time. A buffering is timed from the held
/// seek to the player's "paused" after its "buffering". The page's `youtube-player.js` keeps
/// the same rule.
public struct SeekHold: Sendable {
    public static let minimum: Duration = .milliseconds(700)
    static let marginMs = 100.0
    static let remembered = 8

    public private(set) var bufferingsMs: [Double] = []
    private var sentAt: LocalTime?
    private var sawBuffering = false

    public init() {}

    public var duration: Duration {
        let slowest = bufferingsMs.max().map { $0 + Self.marginMs } ?? 0
        return .microseconds(max(Self.minimum.inMicroseconds, Int64(slowest * 1000)))
    }

    /// A held seek was sent to the player.
    public mutating func sent(at time: LocalTime) {
        sentAt = time
        sawBuffering = false
    }

    /// The player's state changed (its `onStateChange`).
    public mutating func stateChanged(to state: SteppedTimeReader.State, at time: LocalTime) {
        guard let sentAt else { return }
        switch state {
        case .buffering: sawBuffering = true
        case .paused where sawBuffering:
            bufferingsMs.append(sentAt.milliseconds(to: time))
            if bufferingsMs.count > Self.remembered { bufferingsMs.removeFirst() }
            self.sentAt = nil
        case .playing, .ended, .unstarted, .cued: self.sentAt = nil
        case .paused: break
        }
    }
}
