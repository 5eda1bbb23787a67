import Catalogs
import Logging
import ServiceHTTP
import SimulcastCore

/// Leads a room from the host's own Spotify player through the Web API: polls
/// currently-playing at the pace `PlayerPollTracker` sets, turns `progress_ms` and its own
/// send and receive times into anchors, fetches each track's full metadata (ISRC, album UPC)
/// once, and sends the queue so listeners' matches are ready before the track changes.
///
/// It survives what polling meets: 204 and adverts hold the room; 429 waits out
/// `Retry-After`; an expired token is refreshed by the client; network loss backs off and the
/// room keeps the last anchor meanwhile. Only a refused login ends it.
public struct SpotifyHostSource: Sendable {
    public struct Configuration: Sendable {
        public var tracker = PlayerPollTracker.Configuration()
        /// Re-read the queue this often while playing (changes to it are not announced).
        public var queueRefreshMs: Double = 30_000
        public var queueLength = 5
        public var market = "from_token"

        public init() {}
    }

    let api: SpotifyClient
    let sink: any HostEventSink
    let clock: any LocalClock
    let configuration: Configuration
    let logger: Logger

    public init(
        api: SpotifyClient, sink: any HostEventSink, clock: any LocalClock, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "simulcast.host.spotify")
    ) {
        self.api = api
        self.sink = sink
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    /// Polls until cancelled. `onEvent` sees each event published (for a status line).
    public func run(onEvent: @Sendable (HostEvent) async -> Void = { _ in }) async throws {
        var tracker = PlayerPollTracker(configuration: configuration.tracker)
        var metadata = SpotifyTrackCache()
        var lastQueueFetch: LocalTime?
        while !Task.isCancelled {
            let sentAt = clock.now()
            let answer: SpotifyCurrentlyPlaying?
            do {
                answer = try await api.currentlyPlaying()
            } catch let error as CatalogServiceError {
                // Only a login the host must renew ends the source; the rest is retried.
                switch error {
                case .notConfigured, .loginRefused: throw error
                default: break
                }
                var retryAfterMs: Double?
                if case .rateLimited(_, let seconds) = error { retryAfterMs = seconds.map { $0 * 1000 } }
                logger.warning("currently-playing failed; backing off", metadata: ["error": "\(error)"])
                let now = clock.now()
                tracker.failed(at: now, retryAfterMs: retryAfterMs)
                try await clock.sleep(until: tracker.nextPoll(now: now))
                continue
            }
            let state = PolledPlayerState(Self.content(of: answer), sentAt: sentAt, receivedAt: clock.now())
            if let item = answer?.item?.track { metadata.remember(fallback: item) }
            var trackChanged = false
            for change in tracker.observe(state) {
                for event in await events(for: change, metadata: &metadata) {
                    await sink.publish(event, onEvent: onEvent, onRefused: logger.refusedEvent)
                }
                if case .started = change { trackChanged = true }
            }
            let now = clock.now()
            let queueDue = lastQueueFetch.map { $0.milliseconds(to: now) >= configuration.queueRefreshMs } ?? true
            if tracker.trackId != nil, trackChanged || queueDue {
                lastQueueFetch = now
                if let queue = await upcoming() {
                    await sink.publish(HostEvent(.queue, at: clock.now(), queue: queue), onEvent: onEvent, onRefused: logger.refusedEvent)
                }
            }
            try await clock.sleep(until: tracker.nextPoll(now: clock.now()))
        }
    }

    static func content(of answer: SpotifyCurrentlyPlaying?) -> PlayerPollContent {
        guard let answer else { return .nothing }
        // Adverts and podcast episodes have nothing a listener could play: hold.
        if answer.isAdvert || answer.currentlyPlayingType == "episode" { return .advert }
        guard let track = answer.item?.track else { return .nothing }
        return .track(id: track.id, durationMs: track.durationMs.map(Double.init), progressMs: Double(answer.progressMs ?? 0), playing: answer.isPlaying)
    }

    private func events(for change: PlayerPollChange, metadata: inout SpotifyTrackCache) async -> [HostEvent] {
        var started: TrackMetadata?
        if case .started(let trackId, _, _, _) = change { started = await fullTrack(trackId, cache: &metadata) }
        return PollChangeEvents.events(for: change, startedTrack: started)
    }

    /// The track with ISRC and album UPC, fetched once; the currently-playing item if the
    /// fetch fails (it still has title, artists and duration).
    private func fullTrack(_ id: String, cache: inout SpotifyTrackCache) async -> TrackMetadata? {
        if let known = cache.full(id) { return known }
        guard !id.hasPrefix("spotify:local:") else { return cache.fallback(id) }
        do {
            if let track = try await api.trackWithAlbum(id: id, storefront: configuration.market) {
                cache.remember(full: track)
                return track
            }
        } catch {
            logger.notice("track metadata not fetched; using the player's", metadata: ["track": "\(id)", "error": "\(error)"])
        }
        return cache.fallback(id)
    }

    private func upcoming() async -> [TrackMetadata]? {
        do {
            return try await api.queue().queue.compactMap(\.track).prefix(configuration.queueLength).map { $0 }
        } catch {
            logger.notice("queue not read", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
