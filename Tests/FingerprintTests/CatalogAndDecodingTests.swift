import Fingerprint
import Foundation
import SimulcastTesting
import Testing

@Suite struct CatalogAndDecodingTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fp-\(UUID().uuidString)-\(name)").path
    }

    @Test func wavFilesDecodeAtAnyRateAndChannelCount() throws {
        let audio = SyntheticMusic.track(seed: 5, seconds: 3, rate: 44_100)
        let path = Self.temporary("stereo.wav")
        try SyntheticMusic.wav(audio, channels: 2).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoded = try AudioDecoder.decode(fileAt: path)
        #expect(decoded.sampleRate == 44_100)
        #expect(decoded.samples.count == audio.samples.count)
        #expect(abs(decoded.samples[5000] - audio.samples[5000]) < 0.001)
    }

    @Test func catalogsAreWrittenMappedAndEdited() throws {
        var builder = FingerprintCatalogBuilder()
        for seed in 1...3 {
            try builder.add(
                CatalogTrack(path: "t\(seed).wav", title: "T\(seed)", artist: nil, seconds: 0), audio: SyntheticMusic.track(seed: UInt64(seed), seconds: 20))
        }
        let path = Self.temporary("catalog.scfp")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try builder.write(to: path)
        let catalog = try FingerprintCatalog(contentsOf: path)
        #expect(catalog.tracks.map(\.path) == ["t1.wav", "t2.wav", "t3.wav"])
        #expect(abs(catalog.tracks[0].seconds - 20) < 0.01)
        #expect(catalog.postingCount == builder.landmarkCount)
        // Remove the first track: the others still match, at their own offsets.
        var edited = FingerprintCatalogBuilder(catalog)
        let removed = edited.remove(path: "t1.wav")
        #expect(removed)
        try edited.write(to: path)
        let smaller = try FingerprintCatalog(contentsOf: path)
        #expect(smaller.tracks.map(\.path) == ["t2.wav", "t3.wav"])
        let recognizer = Recognizer(catalog: smaller)
        #expect(try recognizer.recognize(SyntheticMusic.excerpt(SyntheticMusic.track(seed: 3, seconds: 20), from: 4, seconds: 6))?.track.path == "t3.wav")
        #expect(try recognizer.recognize(SyntheticMusic.excerpt(SyntheticMusic.track(seed: 1, seconds: 20), from: 4, seconds: 6)) == nil)
    }

    @Test func badInputGetsAClearError() throws {
        let empty = Self.temporary("empty.wav")
        let corrupt = Self.temporary("corrupt.wav")
        let text = Self.temporary("notes.txt")
        try Data().write(to: URL(fileURLWithPath: empty))
        try (Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WAVEfmt ".utf8) + Data([1, 0])).write(to: URL(fileURLWithPath: corrupt))
        try Data("these are my notes, not audio\n".utf8).write(to: URL(fileURLWithPath: text))
        defer { [empty, corrupt, text].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        #expect(throws: FingerprintError.empty(empty)) { _ = try AudioDecoder.decode(fileAt: empty) }
        #expect(throws: FingerprintError.self) { _ = try AudioDecoder.decode(fileAt: corrupt) }
        do {
            _ = try AudioDecoder.decode(fileAt: text)
            Issue.record("text decoded as audio")
        } catch let error as FingerprintError {
            // ffmpeg refuses it as not audio; without ffmpeg we say it is needed.
            #expect(error == .notAudio(text) || error == .decoderMissing(text))
        }
        #expect(throws: FingerprintError.self) { _ = try FingerprintCatalog(data: Data("not a catalog".utf8)) }
        let truncated = try FingerprintCatalogBuilder().encoded().dropLast(3)
        #expect(throws: FingerprintError.self) { _ = try FingerprintCatalog(data: Data(truncated)) }
    }

    /// A silent recording was refused as "longer than 4.6 hours" (issue 13): it has no peaks, so nothing to fingerprint.
    @Test func aSilentRecordingIsRefusedAsSilent() throws {
        var builder = FingerprintCatalogBuilder()
        let silence = AudioSamples(samples: [Float](repeating: 0, count: FingerprintParameters.sampleRate * 10), sampleRate: FingerprintParameters.sampleRate)
        #expect(throws: FingerprintError.silent("quiet.wav")) {
            try builder.add(CatalogTrack(path: "quiet.wav", title: "Quiet", artist: nil, seconds: 10), audio: silence)
        }
        #expect(FingerprintError.silent("quiet.wav").description == "quiet.wav has no audible content: there is nothing to fingerprint")
        #expect(builder.tracks.isEmpty)
    }
}
