import FoundationEssentials
import SimulcastClient
import SimulcastCore
import TrackMatching

/// Grows real catalog records into a large catalog full of the decoys that trip matchers
/// (live, remix, karaoke and cover versions, remaster twins, same titles by other
/// artists), and turns real records into queries as another service would describe them.
struct BenchGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let decoyTags = ["(Live)", "(Acoustic)", "(Instrumental)", "(Karaoke Version)", "(Extended Mix)", "(Radio Edit)", "(Demo)", "(Sped Up)"]
    static let remixers = ["Tiësto", "Dillon Francis", "Kygo", "R3HAB", "Alan Walker", "Steve Aoki"]

    mutating func catalog(from real: [TrackMetadata], size: Int, progress: (Int) -> Void) -> [TrackMetadata] {
        var tracks = real
        let words = Array(Set(real.flatMap { TextNormalizer.tokens(TextNormalizer.key($0.title)) }.filter { $0.count > 2 })).sorted()
        let artists = Array(Set(real.flatMap(\.artists))).sorted()
        var serial = 0
        while tracks.count < size {
            serial += 1
            let base = real[Int.random(in: 0..<real.count, using: &random)]
            var variant = base
            variant.id = "gen-\(serial)"
            variant.isrc = nil
            switch Int.random(in: 0..<6, using: &random) {
            case 0: variant.title = "\(base.title) \(Self.decoyTags.randomElement(using: &random)!)"
            case 1: variant.title = "\(base.title) (\(Self.remixers.randomElement(using: &random)!) Remix)"
            case 2: variant.artists = [artists.randomElement(using: &random)!]  // same title, another artist
            case 3:
                variant.title = "\(base.title) - Cover"
                variant.artists = ["Tribute Band \(serial % 50)"]
            case 4:
                variant.album = "\(base.album ?? "Hits") (Deluxe Edition)"  // remaster twin
                variant.durationMs = base.durationMs.map { $0 + Int.random(in: -30_000...30_000, using: &random) }
            default:
                let length = Int.random(in: 1...4, using: &random)
                variant.title = (0..<length).map { _ in words.randomElement(using: &random)!.capitalized }.joined(separator: " ")
                variant.artists = [artists.randomElement(using: &random)!]
            }
            tracks.append(variant)
            if tracks.count % 1_000 == 0 { progress(tracks.count) }
        }
        progress(tracks.count)
        return tracks
    }

    mutating func queries(from real: [TrackMetadata], count: Int) -> [(source: TrackMetadata, expected: String)] {
        (0..<count).map { index in
            let target = real[index % real.count]
            var source = target
            source.service = .spotify
            source.id = "q\(index)"
            switch index % 4 {
            case 0: source.title = "\(target.title) - Remastered 2011"
            case 1: source.durationMs = target.durationMs.map { $0 + Int.random(in: -900...900, using: &random) }
            case 2: source.album = nil; source.durationMs = nil
            default: source.isrc = nil
            }
            return (source, target.id)
        }
    }
}
