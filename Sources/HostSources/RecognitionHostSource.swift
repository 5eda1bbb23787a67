import Fingerprint
import Logging
import SimulcastCore

/// Leads a room from any sound: every `stepSeconds` it recognises the last `windowSeconds`
/// of audio against a fingerprint catalog and publishes where the host is. A new track is a
/// play; the same track somewhere else than the anchor predicts is a seek (a jump, or drift
/// of a record player); a run of windows with no match holds the room.
public struct RecognitionHostSource: Sendable {
    public struct Configuration: Sendable {
        public var windowSeconds = 8.0
        public var stepSeconds = 1.0
        /// A position this far from the anchor's prediction is re-published...
        public var reanchorSeconds = 0.25
        /// ...as a re-anchor (the record player runs a little fast, recognition erred) below
        /// this, as a seek (someone moved the needle) from it.
        public var seekSeconds = 2.0
        public var holdAfterMisses = 3
        public var minimumConfidence = 0.3

        public init() {}
    }

    /// A piece of captured audio and the local time (µs) its last sample was captured.
    public struct Chunk: Sendable {
        public var audio: AudioSamples
        public var capturedAt: LocalTime

        public init(audio: AudioSamples, capturedAt: LocalTime) {
            self.audio = audio
            self.capturedAt = capturedAt
        }
    }

    let recognizer: Recognizer
    let sink: any PlaybackEventSink
    let configuration: Configuration
    let logger: Logger

    public init(
        recognizer: Recognizer, sink: any PlaybackEventSink, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "simulcast.host.recognize")
    ) {
        self.recognizer = recognizer
        self.sink = sink
        self.configuration = configuration
        self.logger = logger
    }

    /// The catalog track as a playable track: a local file, by its path.
    static func track(_ track: CatalogTrack) -> TrackMetadata {
        TrackMetadata(service: .localFiles, id: track.path, title: track.title, artists: track.artist.map { [$0] } ?? [], durationMs: Int(track.seconds * 1000))
    }

    public func run<Chunks: AsyncSequence>(_ chunks: Chunks, onEvent: @Sendable (PlaybackEvent) async -> Void = { _ in }) async throws
    where Chunks.Element == Chunk {
        let rate = FingerprintParameters.sampleRate
        let windowSamples = Int(configuration.windowSeconds * Double(rate))
        let stepSamples = Int(configuration.stepSeconds * Double(rate))
        var window: [Float] = []
        var sinceLastTry = 0
        var current: (path: String, anchorSeconds: Double, anchorTime: LocalTime, playing: Bool)?
        var misses = 0
        for try await chunk in chunks {
            let audio = Resampler.resample(chunk.audio, to: rate)
            window += audio.samples
            if window.count > windowSamples { window.removeFirst(window.count - windowSamples) }
            sinceLastTry += audio.samples.count
            guard window.count >= min(windowSamples, 3 * rate), sinceLastTry >= stepSamples else { continue }
            sinceLastTry = 0
            // Silence now means the music stopped, whatever the older part of the window says.
            let recent = window.suffix(stepSamples)
            let silent = recent.reduce(0) { $0 + $1 * $1 } / Float(max(1, recent.count)) < 1e-6
            let match = silent ? nil : try? recognizer.recognize(AudioSamples(samples: window, sampleRate: rate))
            guard let match, match.confidence >= configuration.minimumConfidence else {
                misses += 1
                if misses == configuration.holdAfterMisses, let playing = current, playing.playing {
                    current?.playing = false
                    await sink.publish(PlaybackEvent(event: .pause), at: chunk.capturedAt, onEvent: onEvent, onRefused: logger.refusedEvent)
                }
                continue
            }
            misses = 0
            let position = match.positionAtEndSeconds
            if current?.path != match.track.path {
                current = (match.track.path, position, chunk.capturedAt, true)
                await sink.publish(
                    PlaybackEvent(event: .play, track: Self.track(match.track), positionMs: position * 1000), at: chunk.capturedAt,
                    onEvent: onEvent, onRefused: logger.refusedEvent)
                continue
            }
            guard var known = current else { continue }
            let predicted = known.playing ? known.anchorSeconds + Double(known.anchorTime.distance(to: chunk.capturedAt)) / 1_000_000 : known.anchorSeconds
            if !known.playing {
                known = (known.path, position, chunk.capturedAt, true)
                current = known
                await sink.publish(
                    PlaybackEvent(event: .resume, positionMs: position * 1000), at: chunk.capturedAt, onEvent: onEvent, onRefused: logger.refusedEvent)
            } else if let kind = Self.correction(predicted: predicted, heard: position, configuration: configuration) {
                current = (known.path, position, chunk.capturedAt, true)
                await sink.publish(
                    PlaybackEvent(event: kind, positionMs: position * 1000), at: chunk.capturedAt, onEvent: onEvent, onRefused: logger.refusedEvent)
            }
        }
    }

    /// What a heard position (seconds) that differs from the predicted one is: nothing within
    /// `reanchorSeconds`, a re-anchor below `seekSeconds` (drift is not an action: listeners
    /// must not treat it as the host seeking), a seek beyond.
    public static func correction(predicted: Double, heard: Double, configuration: Configuration) -> PlaybackEvent.Kind? {
        let off = abs(predicted - heard)
        if off <= configuration.reanchorSeconds { return nil }
        return off < configuration.seekSeconds ? .reanchor : .seek
    }
}
