import Foundation

/// Builds a catalog in memory and writes it in the versioned binary format that
/// `FingerprintCatalog` maps: tracks can be added to an existing catalog and removed from it.
public struct FingerprintCatalogBuilder: Sendable {
    public private(set) var tracks: [CatalogTrack] = []
    /// (hash, track << 20 | frame)
    var postings: [(hash: UInt32, value: UInt32)] = []
    let extractor = PeakExtractor()

    public static let maximumTracks = 4096
    public static let maximumFrames = 1 << 20

    public init() {}

    /// Starts from an existing catalog's tracks and landmarks.
    public init(_ catalog: FingerprintCatalog) {
        tracks = catalog.tracks
        postings = catalog.allPostings()
    }

    /// Adds a recording (already mono at the fingerprint rate); replaces one with the same path.
    public mutating func add(_ track: CatalogTrack, audio: AudioSamples) throws {
        let audio = Resampler.resample(audio, to: FingerprintParameters.sampleRate)
        remove(path: track.path)
        guard tracks.count < Self.maximumTracks else { throw FingerprintError.catalog("at most \(Self.maximumTracks) tracks per catalog") }
        let peaks = extractor.peaks(audio.samples)
        guard let last = peaks.last else { throw FingerprintError.silent(track.path) }
        guard Int(last.frame) < Self.maximumFrames else { throw FingerprintError.catalog("\(track.path) is longer than 4.6 hours") }
        let index = UInt32(tracks.count)
        var entry = track
        entry.seconds = audio.seconds
        tracks.append(entry)
        for landmark in Landmark.make(peaks.map { (Float($0.frame), Float($0.bin)) }) {
            postings.append((landmark.hash, index << 20 | UInt32(landmark.frame)))
        }
    }

    /// Removes a track by path; returns whether it was there.
    @discardableResult
    public mutating func remove(path: String) -> Bool {
        guard let index = tracks.firstIndex(where: { $0.path == path }) else { return false }
        tracks.remove(at: index)
        let removed = UInt32(index)
        postings = postings.compactMap { posting in
            let track = posting.value >> 20
            if track == removed { return nil }
            // Later tracks move down one place.
            return track > removed ? (posting.hash, (track - 1) << 20 | (posting.value & 0xFFFFF)) : posting
        }
        return true
    }

    public var landmarkCount: Int { postings.count }

    /// The binary catalog (see `FingerprintCatalog` for the layout).
    public func encoded() throws -> Data {
        let sorted = postings.sorted { ($0.hash, $0.value) < ($1.hash, $1.value) }
        let metadata = try JSONEncoder().encode(tracks)
        var data = Data()
        func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array(FingerprintCatalog.magic.utf8))
        put32(FingerprintCatalog.version)
        put32(UInt32(tracks.count))
        put32(UInt32(metadata.count))
        put32(UInt32(sorted.count))
        data.append(metadata)
        while data.count % 4 != 0 { data.append(0) }
        // Directory: where each bucket (the hash's top bits) starts in the postings.
        var directory = [UInt32](repeating: 0, count: FingerprintCatalog.buckets + 1)
        for posting in sorted { directory[Int(posting.hash >> FingerprintCatalog.lowBits) + 1] += 1 }
        for bucket in 0..<FingerprintCatalog.buckets { directory[bucket + 1] += directory[bucket] }
        for value in directory { put32(value) }
        for posting in sorted { put32(posting.value) }
        data.append(contentsOf: sorted.map { UInt8(truncatingIfNeeded: $0.hash & FingerprintCatalog.lowMask) })
        return data
    }

    public func write(to path: String) throws {
        let temporary = path + ".partial"
        try encoded().write(to: URL(fileURLWithPath: temporary))
        _ = try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }
}
