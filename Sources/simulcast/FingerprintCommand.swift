import ArgumentParser
import CatalogCore
import Catalogs
import Fingerprint
import Foundation
import SimulcastClient
import SimulcastCore
import TerminalUI

struct FingerprintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Recognise recordings from a few seconds of sound, against a catalog of your own.",
        subcommands: [FingerprintIndexCommand.self, FingerprintRecognizeCommand.self, FingerprintRemoveCommand.self]
    )
}

struct FingerprintIndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Add audio files (or folders of them) to a catalog, creating it if needed.",
        discussion:
            "Title and artist come from a sidecar FILE.json ({\"title\": ..., \"artist\": ...}) if there is one, else from the file's tags through ffprobe, else from the file name. WAV is read natively; other formats need ffmpeg."
    )

    @Argument(help: "Audio files or folders.")
    var paths: [String]

    @Option(help: "The catalog file.")
    var catalog: String

    func run() async throws {
        var builder = FingerprintCatalogBuilder()
        if FileManager.default.fileExists(atPath: catalog) {
            builder = FingerprintCatalogBuilder(try FingerprintCatalog(contentsOf: catalog))
        }
        let files = paths.flatMap(Self.audioFiles)
        guard !files.isEmpty else { throw ValidationError("no audio files in \(paths.joined(separator: ", "))") }
        let progress = ProgressBar("indexing", total: files.count)
        var audioSeconds = 0.0
        var failures: [String] = []
        let started = ContinuousClock.now
        for (index, path) in files.enumerated() {
            do {
                let audio = try AudioDecoder.decode(fileAt: path)
                try builder.add(Self.metadata(for: path), audio: audio)
                audioSeconds += audio.seconds
            } catch {
                failures.append("\(path): \(error)")
            }
            progress.update(index + 1, detail: String(format: "%.1f h", audioSeconds / 3600))
        }
        try builder.write(to: catalog)
        let elapsed = (ContinuousClock.now - started).inSeconds
        let size = (try? FileManager.default.attributesOfItem(atPath: catalog)[.size] as? Int) ?? 0
        print(
            String(
                format: "%@: %d tracks, %.2f h of audio indexed now at %.0fx real time (decoding included), %d landmarks, %.1f MB",
                catalog, builder.tracks.count, audioSeconds / 3600, audioSeconds / max(elapsed, 0.001), builder.landmarkCount, Double(size) / 1e6))
        for failure in failures { print("skipped \(failure)") }
    }

    static func audioFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let walker = FileManager.default.enumerator(atPath: path)
        var files: [String] = []
        while let relative = walker?.nextObject() as? String {
            let ext = (relative as NSString).pathExtension.lowercased()
            if LocalLibrary.audioExtensions.contains(ext) { files.append((path as NSString).appendingPathComponent(relative)) }
        }
        return files.sorted()
    }

    /// Sidecar JSON, then ffprobe tags, then the file name.
    static func metadata(for path: String) -> CatalogTrack {
        let guess = LocalLibrary.track(forFileAt: URL(fileURLWithPath: path))
        var track = CatalogTrack(path: path, title: guess.title, artist: guess.artists.first, seconds: 0)
        struct Sidecar: Decodable { var title: String?; var artist: String? }
        if let tags = probeTags(path) {
            track.title = tags.title ?? track.title
            track.artist = tags.artist ?? track.artist
        }
        let sidecar = URL(fileURLWithPath: path + ".json")
        if let data = try? Data(contentsOf: sidecar), let override = try? JSONDecoder().decode(Sidecar.self, from: data) {
            track.title = override.title ?? track.title
            track.artist = override.artist ?? track.artist
        }
        return track
    }

    static func probeTags(_ path: String) -> (title: String?, artist: String?)? {
        guard let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-show_entries", "format_tags=title,artist:stream_tags=title,artist", "-of", "json", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Probe: Decodable {
            struct Tags: Decodable {
                var title: String?
                var artist: String?
                /// ffprobe reports tags in whatever case the file has them.
                enum CodingKeys: String, CodingKey {
                    case title, artist
                    case upperTitle = "TITLE"
                    case upperArtist = "ARTIST"
                }
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    title = try c.decodeIfPresent(String.self, forKey: .title) ?? c.decodeIfPresent(String.self, forKey: .upperTitle)
                    artist = try c.decodeIfPresent(String.self, forKey: .artist) ?? c.decodeIfPresent(String.self, forKey: .upperArtist)
                }
            }
            struct Part: Decodable { var tags: Tags? }
            var format: Part?
            var streams: [Part]?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: data) else { return nil }
        let tags = [probe.format?.tags] + (probe.streams ?? []).map(\.tags)
        let title = tags.compactMap { $0?.title }.first
        let artist = tags.compactMap { $0?.artist }.first
        return title == nil && artist == nil ? nil : (title, artist)
    }
}

struct FingerprintRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove tracks (by the path they were indexed with) from a catalog.")

    @Argument var paths: [String]
    @Option(help: "The catalog file.") var catalog: String

    func run() async throws {
        var builder = FingerprintCatalogBuilder(try FingerprintCatalog(contentsOf: catalog))
        for path in paths where !builder.remove(path: path) { print("not in the catalog: \(path)") }
        try builder.write(to: catalog)
        print("\(catalog): \(builder.tracks.count) tracks")
    }
}

struct FingerprintRecognizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Say which catalog track a recording is and where it starts in it.",
        discussion:
            "FILE is any audio file; - reads raw signed 16-bit little-endian PCM from standard input (arecord -f S16_LE, parec --format=s16le) and answers as soon as it is sure."
    )

    @Argument(help: "An audio file, or - for raw PCM on standard input.")
    var input: String

    @Option(help: "The catalog file.") var catalog: String
    @Flag(help: "Print JSON: {\"match\": {path, title, artist, offsetSeconds, skew, confidence}} or {\"match\": null}.") var json = false
    @Option(help: "Raw input: sample rate.") var rate = 44_100
    @Option(help: "Raw input: channels.") var channels = 1

    func run() async throws {
        let recognizer = Recognizer(catalog: try FingerprintCatalog(contentsOf: catalog))
        var match: Recognition?
        do {
            if input == "-" {
                match = try Self.listen(recognizer, format: .init(sampleRate: rate, channels: channels))
            } else {
                match = try recognizer.recognize(try AudioDecoder.decode(fileAt: input))
            }
        } catch let error as FingerprintError {
            throw ValidationError("\(error)")
        }
        print(json ? Self.json(match) : Self.text(match))
        if match == nil { throw ExitCode(2) }
    }

    /// Recognises a growing window of the stream (up to its last 12 s) every second.
    static func listen(_ recognizer: Recognizer, format: AudioDecoder.RawFormat) throws -> Recognition? {
        let bytesPerSecond = format.sampleRate * 2 * max(1, format.channels)
        var buffer = Data()
        var lastTry = 0
        while let chunk = try FileHandle.standardInput.read(upToCount: bytesPerSecond / 4), !chunk.isEmpty {
            buffer.append(chunk)
            if buffer.count > 12 * bytesPerSecond { buffer.removeFirst(buffer.count - 12 * bytesPerSecond) }
            lastTry += chunk.count
            guard buffer.count >= 3 * bytesPerSecond, lastTry >= bytesPerSecond else { continue }
            lastTry = 0
            if let match = try recognizer.recognize(AudioDecoder.rawPCM(buffer, format: format)), match.confidence >= 0.5 { return match }
        }
        guard buffer.count >= bytesPerSecond else { return nil }
        return try recognizer.recognize(AudioDecoder.rawPCM(buffer, format: format))
    }

    static func json(_ match: Recognition?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(RecognitionOutput(match))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func text(_ match: Recognition?) -> String {
        guard let match else { return "no match" }
        return String(
            format: "%@ — %@ at %.2f s (speed %+.2f %%, confidence %.2f)", match.track.artist ?? "?", match.track.title, match.offsetSeconds, match.skew * 100,
            match.confidence)
    }
}
