import Foundation

/// A fingerprint catalog read from disk without loading it whole: the file is memory-mapped
/// and queries touch only the buckets they need.
///
/// Layout (little-endian): "SCFP", version, track count, metadata length, posting count;
/// the tracks as JSON (padded to 4 bytes); a directory of 2^14 + 1 bucket starts; the
/// postings (track << 20 | frame, 4 bytes each) sorted by hash; then each posting's low 7
/// hash bits (1 byte each). About 5 bytes per landmark.
public struct FingerprintCatalog: Sendable {
    static let magic = "SCFP"
    static let version: UInt32 = 1
    static let lowBits: UInt32 = 7
    static let lowMask: UInt32 = (1 << 7) - 1
    static let buckets = 1 << (Landmark.hashBits - 7)

    public let tracks: [CatalogTrack]
    let data: Data
    let directoryOffset: Int
    let postingsOffset: Int
    let lowsOffset: Int
    public let postingCount: Int

    public init(contentsOf path: String) throws {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            throw FingerprintError.catalog("cannot read \(path)")
        }
        try self.init(data: data, name: path)
    }

    public init(data: Data, name: String = "catalog") throws {
        guard data.count >= 20, data.prefix(4) == Data(Self.magic.utf8) else {
            throw FingerprintError.catalog("\(name) is not a Simulcast fingerprint catalog")
        }
        func u32(_ at: Int) -> UInt32 { data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) } }
        guard u32(4) == Self.version else { throw FingerprintError.catalog("\(name) has format version \(u32(4)); this build reads \(Self.version)") }
        let trackCount = Int(u32(8))
        let metadataLength = Int(u32(12))
        postingCount = Int(u32(16))
        let metadataEnd = 20 + metadataLength
        directoryOffset = (metadataEnd + 3) / 4 * 4
        postingsOffset = directoryOffset + (Self.buckets + 1) * 4
        lowsOffset = postingsOffset + postingCount * 4
        guard metadataLength >= 0, lowsOffset + postingCount == data.count else { throw FingerprintError.catalog("\(name) is truncated or damaged") }
        guard let tracks = try? JSONDecoder().decode([CatalogTrack].self, from: data[20..<metadataEnd]), tracks.count == trackCount else {
            throw FingerprintError.catalog("\(name) has unreadable track metadata")
        }
        self.tracks = tracks
        self.data = data
    }

    /// Calls `body(trackIndex, frame)` for every posting of `hash`.
    @inline(__always)
    func forEachPosting(_ hash: UInt32, in raw: UnsafeRawBufferPointer, _ body: (Int, Int32) -> Void) {
        let bucket = Int(hash >> Self.lowBits)
        let low = UInt8(truncatingIfNeeded: hash & Self.lowMask)
        let start = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: directoryOffset + bucket * 4, as: UInt32.self)))
        let end = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: directoryOffset + bucket * 4 + 4, as: UInt32.self)))
        // Within a bucket postings are sorted by the low bits: binary search to the first.
        var lower = start
        var upper = end
        while lower < upper {
            let middle = (lower + upper) / 2
            if raw[lowsOffset + middle] < low { lower = middle + 1 } else { upper = middle }
        }
        var index = lower
        while index < end, raw[lowsOffset + index] == low {
            let value = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: postingsOffset + index * 4, as: UInt32.self))
            body(Int(value >> 20), Int32(value & 0xFFFFF))
            index += 1
        }
    }

    func withRawBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try data.withUnsafeBytes(body)
    }

    /// Every (hash, posting), for rebuilding.
    func allPostings() -> [(hash: UInt32, value: UInt32)] {
        data.withUnsafeBytes { raw in
            var result: [(hash: UInt32, value: UInt32)] = []
            result.reserveCapacity(postingCount)
            for bucket in 0..<Self.buckets {
                let start = Int(raw.loadUnaligned(fromByteOffset: directoryOffset + bucket * 4, as: UInt32.self))
                let end = Int(raw.loadUnaligned(fromByteOffset: directoryOffset + bucket * 4 + 4, as: UInt32.self))
                for index in start..<end {
                    let hash = UInt32(bucket) << Self.lowBits | UInt32(raw[lowsOffset + index])
                    result.append((hash, raw.loadUnaligned(fromByteOffset: postingsOffset + index * 4, as: UInt32.self)))
                }
            }
            return result
        }
    }
}
