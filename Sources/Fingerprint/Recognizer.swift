import SimulcastCore

/// Finds which catalog recording a query is, where in it the query starts, and at what
/// speed: the query's peaks are mapped onto the reference's scale under each speed in a grid
/// (time stretched by the speed, frequency divided by it), hashed, and every matching
/// landmark votes for (track, offset). Speeds are tried nearest first and the sweep stops
/// once a winner is clear. The best-supported (track, offset, speed) wins if it clears the
/// thresholds; a line refitted through its landmark pairs gives the exact offset and rate.
public struct Recognizer: Sendable {
    public struct Thresholds: Hashable, Sendable {
        /// Fewest agreeing landmarks for a match.
        public var minimumVotes: Int
        /// The winner must have this many times the votes of the best other track.
        public var minimumRatio: Double

        /// The defaults are what `simulcast-bench fingerprint` calibrated for at most 1 % false
        /// positives on 300 queries of held-out music (clean, noisy, through a microphone).
        public init(minimumVotes: Int = 13, minimumRatio: Double = 1.5) {
            self.minimumVotes = minimumVotes
            self.minimumRatio = minimumRatio
        }
    }

    public let catalog: FingerprintCatalog
    public var thresholds: Thresholds
    /// Speeds tried; a single 0 makes recognition faster when speed never changes.
    public var speeds: [Double]
    let extractor = PeakExtractor()

    public init(catalog: FingerprintCatalog, thresholds: Thresholds = Thresholds(), speedRange: Double = FingerprintParameters.speedRange) {
        self.catalog = catalog
        self.thresholds = thresholds
        let steps = Int((speedRange / FingerprintParameters.speedStep).rounded())
        speeds = (-steps...steps).map { Double($0) * FingerprintParameters.speedStep }
    }

    /// The best candidate regardless of thresholds, for calibration; nil when nothing voted.
    public struct Candidate: Sendable {
        public var trackIndex: Int
        public var offsetFrames: Double
        public var speed: Double
        public var votes: Int
        public var runnerUpVotes: Int
    }

    public func recognize(_ audio: AudioSamples) throws -> Recognition? {
        let audio = Resampler.resample(audio, to: FingerprintParameters.sampleRate)
        if audio.samples.isEmpty { throw FingerprintError.empty("the query") }
        guard audio.seconds >= FingerprintParameters.minimumQuerySeconds else {
            throw FingerprintError.tooShort("the query", seconds: audio.seconds, needed: FingerprintParameters.minimumQuerySeconds)
        }
        guard let candidate = bestCandidate(peaks: extractor.peaks(audio.samples)) else { return nil }
        return decide(candidate, querySeconds: audio.seconds)
    }

    /// Applies the thresholds to a candidate.
    public func decide(_ candidate: Candidate, querySeconds: Double) -> Recognition? {
        guard candidate.votes >= thresholds.minimumVotes,
            Double(candidate.votes) >= thresholds.minimumRatio * Double(max(candidate.runnerUpVotes, 1))
        else { return nil }
        let frame = FingerprintParameters.secondsPerFrame
        let offset = candidate.offsetFrames * frame
        let margin = Double(candidate.votes - candidate.runnerUpVotes) / Double(candidate.votes)
        let support = min(1, Double(candidate.votes) / Double(thresholds.minimumVotes * 3))
        return Recognition(
            track: catalog.tracks[candidate.trackIndex], offsetSeconds: offset, skew: candidate.speed - 1,
            confidence: (margin * support * 1000).rounded() / 1000, votes: candidate.votes,
            positionAtEndSeconds: offset + querySeconds * candidate.speed)
    }

    /// Votes gathered under one speed hypothesis so certain that speeds further out need not
    /// be tried: noise and unrelated music stay far below it (tens of votes at most).
    static let certainVotes = 40

    public func bestCandidate(peaks: [Peak]) -> Candidate? {
        guard !peaks.isEmpty else { return nil }
        var best: (votes: Int, track: Int, offset: Int32, speed: Double)?
        var perTrackBest: [Int: Int] = [:]
        func bestOfOtherTracks() -> Int {
            perTrackBest.reduce(0) { $1.key == best?.track ? $0 : max($0, $1.value) }
        }
        // Nearest speeds first: most sound plays at its own speed, and a clear winner stops
        // the sweep once the speeds beside it have been tried.
        let order = speeds.sorted { abs($0) < abs($1) || (abs($0) == abs($1) && $0 > $1) }
        var keys: [UInt64] = []
        var runs: [(key: UInt64, count: Int)] = []
        catalog.withRawBytes { raw in
            for speedChange in order {
                if let found = best, found.votes >= Self.certainVotes, found.votes >= 3 * bestOfOtherTracks(),
                    abs(speedChange) > abs(found.speed - 1) + 2.5 * FingerprintParameters.speedStep
                {
                    break
                }
                let speed = 1 + speedChange
                let mapped = peaks.map { (frame: Float(Double($0.frame) * speed), bin: Float(Double($0.bin) / speed)) }
                keys.removeAll(keepingCapacity: true)
                for landmark in Landmark.make(mapped) {
                    let queryFrame = Int32(landmark.frame.rounded())
                    catalog.forEachPosting(landmark.hash, in: raw) { track, frame in
                        let offset = frame - queryFrame
                        keys.append(UInt64(track) << 32 | UInt64(UInt32(bitPattern: offset &+ (1 << 24))))
                    }
                }
                // Sorting groups equal (track, offset) keys into runs; cheaper than hashing.
                keys.sort()
                runs.removeAll(keepingCapacity: true)
                var index = 0
                while index < keys.count {
                    var next = index + 1
                    while next < keys.count, keys[next] == keys[index] { next += 1 }
                    runs.append((keys[index], next - index))
                    index = next
                }
                // A true match lands in one offset bin, sometimes split with a neighbour.
                for (position, run) in runs.enumerated() where run.count >= 3 {
                    var neighbours = 0
                    if position > 0, runs[position - 1].key == run.key &- 1 { neighbours += runs[position - 1].count }
                    if position + 1 < runs.count, runs[position + 1].key == run.key &+ 1 { neighbours += runs[position + 1].count }
                    let votes = run.count + neighbours / 2
                    let track = Int(run.key >> 32)
                    perTrackBest[track] = max(perTrackBest[track] ?? 0, votes)
                    if votes > best?.votes ?? 0 {
                        best = (votes, track, Int32(Int64(run.key & 0xFFFF_FFFF) - (1 << 24)), speed)
                    }
                }
            }
        }
        guard let best else { return nil }
        let refined = refine(peaks: peaks, track: best.track, offset: best.offset, speed: best.speed)
        return Candidate(trackIndex: best.track, offsetFrames: refined.offset, speed: refined.speed, votes: best.votes, runnerUpVotes: bestOfOtherTracks())
    }

    /// Fits reference frame = offset + rate × query frame through the winner's landmark
    /// pairs, which is finer than the speed and frame grids. The grid couples time and
    /// frequency (a record played fast); the fit frees the time rate, so a tempo change or a
    /// pitch shift alone still gives the right offset. Pairs are gathered in a band around
    /// the grid's line, then the line is refitted while the band narrows to the pairs on it.
    func refine(peaks: [Peak], track: Int, offset: Int32, speed: Double) -> (offset: Double, speed: Double) {
        let mapped = peaks.map { (frame: Float(Double($0.frame) * speed), bin: Float(Double($0.bin) / speed)) }
        var pairs: [(query: Double, reference: Double)] = []
        catalog.withRawBytes { raw in
            for landmark in Landmark.make(mapped) {
                let predicted = Double(offset) + Double(landmark.frame)
                catalog.forEachPosting(landmark.hash, in: raw) { candidateTrack, frame in
                    guard candidateTrack == track, abs(Double(frame) - predicted) <= Self.refineBand[0] else { return }
                    pairs.append((Double(landmark.frame) / speed, Double(frame)))
                }
            }
        }
        var line = (intercept: Double(offset), slope: speed)
        for band in Self.refineBand {
            let near = pairs.filter { abs($0.reference - (line.intercept + line.slope * $0.query)) <= band }
            guard near.count >= 4, let fitted = Self.fit(near, fallbackSlope: line.slope) else { break }
            line = fitted
        }
        // Keep the rate within what the search covers; beyond it the fit has gone astray.
        guard abs(line.slope - 1) <= FingerprintParameters.speedRange + 2 * FingerprintParameters.speedStep else {
            return (Double(offset), speed)
        }
        return (line.intercept, line.slope)
    }

    /// Bands (in frames) around the line, widest first: a 3 % tempo change drifts 15 frames
    /// over an 8 s query.
    static let refineBand: [Double] = [20, 6, 2]

    /// Least squares; a short or clustered query cannot pin the slope, so it keeps the given one.
    static func fit(_ pairs: [(query: Double, reference: Double)], fallbackSlope: Double) -> (intercept: Double, slope: Double)? {
        guard let fit = LinearFit(pairs.map { (x: $0.query, y: $0.reference) }) else { return nil }
        // Half a second of spread (30 frames) at least, or the slope is noise.
        let slope = fit.varianceX >= 900 ? fit.slope ?? fallbackSlope : fallbackSlope
        return (fit.intercept(slope: slope), slope)
    }
}
