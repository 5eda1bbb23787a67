import Fingerprint
import Foundation
import SimulcastTesting
import Testing

@Suite struct RecognizerTests {
    static let references = (1...4).map { SyntheticMusic.track(seed: UInt64($0), seconds: 40) }

    static let catalog: FingerprintCatalog = {
        var builder = FingerprintCatalogBuilder()
        for (index, audio) in references.enumerated() {
            try! builder.add(CatalogTrack(path: "synthetic-\(index + 1).wav", title: "Synthetic \(index + 1)", artist: "Tests", seconds: 0), audio: audio)
        }
        return try! FingerprintCatalog(data: builder.encoded())
    }()

    @Test(arguments: [(0, 0.0), (1, 12.34), (2, 25.5), (3, 31.02)])
    func recoversTheTrackAndTheExactOffset(track: Int, start: Double) throws {
        let query = SyntheticMusic.excerpt(Self.references[track], from: start, seconds: 8)
        let match = try #require(try Recognizer(catalog: Self.catalog).recognize(query))
        #expect(match.track.path == "synthetic-\(track + 1).wav")
        #expect(abs(match.offsetSeconds - start) < 0.05, "offset \(match.offsetSeconds) for \(start)")
        #expect(abs(match.skew) < 0.003)
        #expect(abs(match.positionAtEndSeconds - (start + 8)) < 0.1)
    }

    @Test(arguments: [0.02, -0.03, 0.05])
    func recoversTheSpeedOfAQueryPlayedFastOrSlow(speed: Double) throws {
        let start = 10.0
        let query = SyntheticMusic.played(SyntheticMusic.excerpt(Self.references[1], from: start, seconds: 9), speed: 1 + speed)
        let match = try #require(try Recognizer(catalog: Self.catalog).recognize(query))
        #expect(match.track.path == "synthetic-2.wav")
        #expect(abs(match.skew - speed) < 0.005, "skew \(match.skew) for \(speed)")
        #expect(abs(match.offsetSeconds - start) < 0.1, "offset \(match.offsetSeconds)")
    }

    /// Tempo alone (same pitches, 3 % faster) and key alone (+50 cents, same timing): the
    /// speed search finds the track, and the freely refitted time line gives offset and rate.
    @Test(arguments: [(1.03, 0.0), (0.97, 0.0), (1.0, 50.0)])
    func keepsTheOffsetWhenOnlyTempoOrOnlyPitchChanges(tempo: Double, cents: Double) throws {
        let start = 14.0
        let changed = SyntheticMusic.track(seed: 2, seconds: 40, tempo: tempo, cents: cents)
        let query = SyntheticMusic.excerpt(changed, from: start / tempo, seconds: 8)
        let match = try #require(try Recognizer(catalog: Self.catalog).recognize(query))
        #expect(match.track.path == "synthetic-2.wav")
        #expect(abs(match.offsetSeconds - start) < 0.05, "offset \(match.offsetSeconds) for \(start)")
        #expect(abs(match.skew - (tempo - 1)) < 0.005, "skew \(match.skew) for tempo \(tempo)")
    }

    @Test func survivesNoise() throws {
        let query = SyntheticMusic.mixed(
            SyntheticMusic.excerpt(Self.references[2], from: 5, seconds: 8), with: SyntheticMusic.noise(seconds: 8, seed: 99), snrDB: 5)
        let match = try #require(try Recognizer(catalog: Self.catalog).recognize(query))
        #expect(match.track.path == "synthetic-3.wav")
        #expect(abs(match.offsetSeconds - 5) < 0.05)
    }

    @Test(arguments: [
        ("white noise", SyntheticMusic.noise(seconds: 8, seed: 7)),
        ("music that is not in the catalog", SyntheticMusic.excerpt(SyntheticMusic.track(seed: 77, seconds: 12), from: 2, seconds: 8)),
        ("silence", AudioSamples(samples: [Float](repeating: 0, count: 64_000), sampleRate: 8000)),
    ])
    func saysNothingForSoundItDoesNotKnow(_ name: String, _ query: AudioSamples) throws {
        #expect(try Recognizer(catalog: Self.catalog).recognize(query) == nil, "\(name)")
    }

    @Test func refusesQueriesTooShortOrEmpty() {
        #expect(throws: FingerprintError.tooShort("the query", seconds: 0.5, needed: 1)) {
            _ = try Recognizer(catalog: Self.catalog).recognize(AudioSamples(samples: [Float](repeating: 0.1, count: 4000), sampleRate: 8000))
        }
        #expect(throws: FingerprintError.empty("the query")) {
            _ = try Recognizer(catalog: Self.catalog).recognize(AudioSamples(samples: [], sampleRate: 8000))
        }
    }
}
