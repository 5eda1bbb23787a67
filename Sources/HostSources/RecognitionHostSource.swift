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
    let sink: any HostEventSink
    let configuration: Configuration
    let logger: Logger

    public init(
        recognizer: Recognizer, sink: any HostEventSink, configuration: Configuration = Configuration(),
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

    public func run<Chunks: AsyncSequence>(_ chunks: Chunks, onEvent: @Sendable (HostEvent) async -> Void = { _ in }) async throws
    where Chunks.Element == Chunk {
        let rate = FingerprintParameters.sampleRate
        let windowSamples = Int(configuration.windowSeconds * Double(rate))
        let stepSamples = Int(configuration.stepSeconds * Double(rate))
        var window: [Float] = []
        var sinceLastTry = 0
        var current: Heard?
        var misses = 0
        func publish(_ event: HostEvent) async { await sink.publish(event, onEvent: onEvent, onRefused: logger.refusedEvent) }
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
            let now = chunk.capturedAt
            guard let match, match.confidence >= configuration.minimumConfidence else {
                misses += 1
                if misses == configuration.holdAfterMisses, current?.playing == true {
                    current?.playing = false
                    await publish(HostEvent(.pause, at: now))
                }
                continue
            }
            misses = 0
            let heard = LocalAnchor(positionMs: match.positionAtEndSeconds * 1000, at: now)
            guard let known = current, known.path == match.track.path else {
                current = Heard(path: match.track.path, anchor: heard, playing: true)
                await publish(HostEvent(.play, at: now, track: Self.track(match.track), positionMs: heard.positionMs))
                continue
            }
            if !known.playing {
                current = Heard(path: known.path, anchor: heard, playing: true)
                await publish(HostEvent(.resume, at: now, positionMs: heard.positionMs))
            } else if let kind = Self.correction(
                predictedMs: known.anchor.position(at: now, playing: true), heardMs: heard.positionMs, configuration: configuration)
            {
                current = Heard(path: known.path, anchor: heard, playing: true)
                await publish(HostEvent(kind, at: now, positionMs: heard.positionMs))
            }
        }
    }

    /// The track recognised last and where it was heard, on this device's clock.
    struct Heard {
        var path: String
        var anchor: LocalAnchor
        var playing: Bool
    }

    /// What a heard position that differs from the predicted one is: nothing within
    /// `reanchorSeconds`, a re-anchor below `seekSeconds` (drift is not an action: listeners
    /// must not treat it as the host seeking), a seek beyond.
    public static func correction(predictedMs: Double, heardMs: Double, configuration: Configuration) -> HostEvent.Kind? {
        let offSeconds = abs(predictedMs - heardMs) / 1000
        if offSeconds <= configuration.reanchorSeconds { return nil }
        return offSeconds < configuration.seekSeconds ? .reanchor : .seek
    }
}
