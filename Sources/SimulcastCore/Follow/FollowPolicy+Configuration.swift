extension FollowPolicy {
    /// What a listener's player can do and how eagerly it is corrected.
    public struct Configuration: Hashable, Sendable {
        public var service: MusicService
        public var storefront: String
        /// Smallest error worth a correction, in ms.
        public var seekThresholdMs: Double
        public var minimumCorrectionIntervalMs: Double
        public var defaultStartLatencyMs: Double
        public var defaultSeekLatencyMs: Double
        /// Give up waiting for a command to land after this long and look again.
        public var landingTimeoutMs: Double
        /// The player can prepare a track and start it at a given instant (AVPlayer's
        /// `setRate(_:time:atHostTime:)`, Web Audio's `start(when)`, MusicKit's prepare + play).
        public var canScheduleStart: Bool
        /// Extra lead on top of the slowest preparation seen, for scheduled starts.
        public var scheduleMarginMs: Double
        /// Start the host's next queued track at the predicted end of the current one.
        public var startsNextTrackOnTime: Bool

        public init(
            service: MusicService,
            storefront: String,
            seekThresholdMs: Double = 35,
            minimumCorrectionIntervalMs: Double = 1500,
            defaultStartLatencyMs: Double = 300,
            defaultSeekLatencyMs: Double = 100,
            landingTimeoutMs: Double = 5000,
            canScheduleStart: Bool = false,
            scheduleMarginMs: Double = 60,
            startsNextTrackOnTime: Bool = true
        ) {
            self.service = service
            self.storefront = storefront
            self.seekThresholdMs = seekThresholdMs
            self.minimumCorrectionIntervalMs = minimumCorrectionIntervalMs
            self.defaultStartLatencyMs = defaultStartLatencyMs
            self.defaultSeekLatencyMs = defaultSeekLatencyMs
            self.landingTimeoutMs = landingTimeoutMs
            self.canScheduleStart = canScheduleStart
            self.scheduleMarginMs = scheduleMarginMs
            self.startsNextTrackOnTime = startsNextTrackOnTime
        }
    }
}
