import ArgumentParser
import Fingerprint
import Foundation
import SimulcastClient
import SimulcastCore
import TerminalUI

/// Recognition measured on real recorded music from Debian packages, under the research
/// protocol's degradations, at ≤ 1 % false positives on held-out music; audfprint runs on the
/// same queries when it is installed.
struct FingerprintBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Audio recognition: recall per condition at <= 1 % FPR, offsets, skew, speed, size, memory.",
        discussion:
            "Needs: apt-get install wesnoth-1.16-music warzone2100-music ufoai-music nexuiz-music singularity-music drascula-music ffmpeg sox espeak-ng unzip; optional anchor: pip install audfprint2."
    )

    @Option(help: "Scratch folder for decoded audio, queries and catalogs (outside the repository).")
    var work = "/tmp/simulcast-fingerprint-bench"
    @Option(help: "Seed for the query list.") var seed: UInt64 = 7
    @Option(help: "Positive queries per condition at 8 s.") var positives = 100
    @Option(help: "Positive queries per length in the 3/5/12 s sweep.") var sweep = 60
    @Option(help: "Negative queries per condition (clean, white 5 dB, mic simulation).") var negatives = 100
    @Flag(help: "Skip audfprint even if installed.") var skipAudfprint = false
    @Option(help: "Give audfprint only this many queries of each row (and of each negative condition); all of them by default.") var anchorQueries: Int?
    @Option(help: "Write the results table (Markdown) here as well.") var markdown: String?
    @Option(name: .customLong("outcomes"), help: "Write every query's outcome here (JSON lines), to look into misses.") var outcomesFile: String?
    @Flag(help: "Reuse the catalog a previous run left in --work instead of indexing again (indexing figures are then not measured).") var reuseIndex = false

    struct Reference: Sendable {
        var path: String
        var group: String
        var seconds: Double
    }

    struct Query: Sendable {
        var id: Int
        var source: String
        var group: String?
        var start: Double
        var length: Double
        var condition: QueryCondition
        var file: String
    }

    struct Outcome: Sendable {
        var query: Query
        var group: String?
        var matchedPath: String?
        var votes: Int
        var ratio: Double
        var offset: Double
        var skew: Double
        var milliseconds: Double
        /// How far the offset is from the truth, an identical repeat of the audio counting as
        /// the truth; nil when the track is wrong.
        var offsetError: Double? = nil
    }

    func run() async throws {
        for tool in ["ffmpeg", "sox", "espeak-ng", "unzip"] where ExternalTool.path(tool) == nil {
            throw ValidationError("\(tool) is needed: apt-get install ffmpeg sox espeak-ng unzip")
        }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let references = try Self.corpus(
            ["/usr/share/games/wesnoth/1.16/data/core/music", "/usr/share/games/warzone2100/music"], pk3s: ["/usr/share/games/ufoai/base/0music.pk3"],
            work: work + "/ufoai")
        let heldOut = try Self.corpus(
            ["/usr/share/games/singularity/music", "/usr/share/scummvm/drascula/audio"], pk3s: ["/usr/share/games/nexuiz/data/music.pk3"],
            work: work + "/nexuiz")
        guard references.count >= 100, heldOut.count >= 30 else {
            throw ValidationError("the corpus packages are missing (found \(references.count) references, \(heldOut.count) negatives); see --help")
        }
        let hours = references.reduce(0) { $0 + $1.seconds } / 3600
        print(String(format: "references: %d tracks, %.2f h; held-out negatives: %d tracks", references.count, hours, heldOut.count))

        // Index: decoding (ffmpeg to 8 kHz mono) timed apart from fingerprinting.
        let catalogPath = work + "/references.scfp"
        var decodeSeconds = 0.0
        var indexSeconds = 0.0
        var indexPeakMB = 0.0
        let reused = reuseIndex && FileManager.default.fileExists(atPath: catalogPath)
        if !reused {
            var builder = FingerprintCatalogBuilder()
            let progress = ProgressBar("indexing", total: references.count)
            for (index, reference) in references.enumerated() {
                let decodeStart = Date()
                let audio = try AudioDecoder.decode(fileAt: reference.path)
                decodeSeconds += Date().timeIntervalSince(decodeStart)
                let indexStart = Date()
                try builder.add(
                    CatalogTrack(path: reference.path, title: (reference.path as NSString).lastPathComponent, artist: reference.group, seconds: 0), audio: audio
                )
                indexSeconds += Date().timeIntervalSince(indexStart)
                progress.update(index + 1)
            }
            try builder.write(to: catalogPath)
            indexPeakMB = Self.peakResidentMB()
        }
        let catalogBytes = (try FileManager.default.attributesOfItem(atPath: catalogPath)[.size] as? Int) ?? 0
        let recognizer = Recognizer(catalog: try FingerprintCatalog(contentsOf: catalogPath), thresholds: .init(minimumVotes: 1, minimumRatio: 0))

        // Queries: a fixed list from the seed.
        let noise = try NoiseBeds.make(work: work, seed: seed)
        var generator = SeededGenerator(seed: seed)
        var queries: [Query] = []
        func add(_ source: Reference, length: Double, condition: QueryCondition, positive: Bool) {
            let start = (Double(generator.next() >> 11) / Double(1 << 53) * max(0, source.seconds - length - 1) * 10).rounded() / 10
            let id = queries.count
            queries.append(
                Query(
                    id: id, source: source.path, group: positive ? source.group : nil, start: start, length: length, condition: condition,
                    file: "\(work)/queries/\(Self.queryName(id: id, source: source.path, start: start, length: length, condition: condition)).wav"))
        }
        let long = references.filter { $0.seconds >= 30 }
        for condition in QueryCondition.allCases {
            for _ in 0..<positives { add(long[Int(generator.next() % UInt64(long.count))], length: 8, condition: condition, positive: true) }
        }
        for length in [3.0, 5.0, 12.0] {
            for condition in [QueryCondition.clean, .white5, .micSim] {
                for _ in 0..<sweep { add(long[Int(generator.next() % UInt64(long.count))], length: length, condition: condition, positive: true) }
            }
        }
        for condition in [QueryCondition.clean, .white5, .micSim] {
            for _ in 0..<negatives { add(heldOut[Int(generator.next() % UInt64(heldOut.count))], length: 8, condition: condition, positive: false) }
        }
        try FileManager.default.createDirectory(atPath: work + "/queries", withIntermediateDirectories: true)
        print("queries: \(queries.count) (making them with ffmpeg/sox)")
        let making = ProgressBar("making queries", total: queries.count)
        for query in queries {
            if !FileManager.default.fileExists(atPath: query.file) {
                let cut = query.file + ".cut.wav"
                try ExternalTool.run(
                    "ffmpeg",
                    ["-v", "error", "-y", "-ss", String(query.start), "-t", String(query.length), "-i", query.source, "-ac", "1", "-ar", "44100", cut])
                try query.condition.apply(input: cut, output: query.file, noise: noise, seed: query.id)
                try? FileManager.default.removeItem(atPath: cut)
            }
            making.update(query.id + 1)
        }

        // Ours.
        var outcomes: [Outcome] = []
        let running = ProgressBar("recognising", total: queries.count)
        for query in queries {
            let audio = Resampler.resample(try AudioDecoder.decode(fileAt: query.file), to: FingerprintParameters.sampleRate)
            let started = Date()
            let peaks = PeakExtractor().peaks(audio.samples)
            let candidate = recognizer.bestCandidate(peaks: peaks)
            let elapsed = Date().timeIntervalSince(started) * 1000
            if let candidate {
                let track = recognizer.catalog.tracks[candidate.trackIndex]
                outcomes.append(
                    Outcome(
                        query: query, group: track.artist, matchedPath: track.path, votes: candidate.votes,
                        ratio: Double(candidate.votes) / Double(max(1, candidate.runnerUpVotes)),
                        offset: candidate.offsetFrames * FingerprintParameters.secondsPerFrame, skew: candidate.speed - 1, milliseconds: elapsed))
            } else {
                outcomes.append(Outcome(query: query, group: nil, matchedPath: nil, votes: 0, ratio: 0, offset: 0, skew: 0, milliseconds: elapsed))
            }
            running.update(query.id + 1)
        }
        // Offsets: a match elsewhere on an identical repeat (looped music) counts.
        let identical = IdenticalAudioCheck()
        for index in outcomes.indices where outcomes[index].groupMatches {
            let outcome = outcomes[index]
            var error = outcome.matchedPath == outcome.query.source ? abs(outcome.offset - outcome.query.start) : .infinity
            if error > 0.05,
                let repeatError = try identical.repeatError(
                    source: outcome.query.source, start: outcome.query.start, length: outcome.query.length,
                    matched: outcome.matchedPath ?? outcome.query.source, claimed: outcome.offset, window: 0.1)
            {
                error = min(error, repeatError)
            }
            outcomes[index].offsetError = error
        }
        let ours = Self.score(outcomes, ratioFloor: 1.5)
        var anchors: [(name: String, result: AudfprintAnchor.Result?)] = []
        var anchorNotes: [String] = []
        if skipAudfprint {
            anchorNotes.append("audfprint: skipped (--skip-audfprint).")
        } else if ExternalTool.path("audfprint") == nil {
            anchorNotes.append("audfprint: not installed (pip install audfprint2).")
        } else {
            // The same query files; with --anchor-queries N, the first N of each row and of each negative condition.
            var taken: [String: Int] = [:]
            let subset = queries.filter { query in
                guard let anchorQueries else { return true }
                let key = "\(query.group == nil)-\(query.length)-\(query.condition.rawValue)"
                let count = taken[key, default: 0] + 1
                taken[key] = count
                return count <= anchorQueries
            }
            for anchor in [AudfprintAnchor.standard, .dense] {
                let result = try anchor.run(references: references, queries: subset, work: work, identical: identical)
                anchors.append(("audfprint \(anchor.name)", result))
                anchorNotes.append(result.note)
            }
        }
        anchorNotes.append("Olaf: not run (it must be built from its C source, which is not on this machine).")

        // Report.
        var lines: [String] = []
        lines.append(
            String(
                format:
                    "Machine: %@; references %d tracks / %.2f h (wesnoth-1.16-music, warzone2100-music, ufoai-music; files under 30 s left out), negatives %d tracks (nexuiz, singularity, drascula).",
                Self.machine(), references.count, hours, heldOut.count))
        if reused {
            lines.append(
                String(
                    format: "Indexing: not measured (--reuse-index); %.2f MB per audio hour (%.1f MB).", Double(catalogBytes) / 1e6 / hours,
                    Double(catalogBytes) / 1e6))
        } else {
            lines.append(
                String(
                    format:
                        "Indexing: %.0fx real time fingerprinting on one core (decoding apart: ffmpeg to 8 kHz took %.0f s, %.0fx); %.2f MB per audio hour (%.1f MB); peak memory %.0f MB.",
                    hours * 3600 / indexSeconds, decodeSeconds, hours * 3600 / decodeSeconds, Double(catalogBytes) / 1e6 / hours, Double(catalogBytes) / 1e6,
                    indexPeakMB))
        }
        let latencies = outcomes.filter { $0.query.length == 8 && $0.query.condition == .clean && $0.query.group != nil }.map(\.milliseconds).sorted()
        lines.append(
            String(
                format: "Query (8 s, clean, peaks + search, decoding apart): p50 %.1f ms, p95 %.1f ms.", Percentiles(latencies).at(0.5),
                Percentiles(latencies).at(0.95)))
        lines.append(
            "Threshold for <= 1 % FPR: \(ours.threshold) agreeing landmarks (and 1.5x the runner-up); false positives \(ours.falsePositives) of \(ours.negativeCount) negatives."
        )
        for note in anchorNotes { lines.append(""); lines.append(note) }
        lines.append("")
        let anchorHeads = anchors.map { "| \($0.name): recall / offset <= 100 ms " }.joined()
        lines.append(
            "| condition | n | Simulcast recall | offset <= 50 ms | offset <= 100 ms | right track and skew within 0.005 | skew error median " + anchorHeads
                + "|")
        lines.append("|---|---|---|---|---|---|---" + String(repeating: "|---", count: anchors.count) + "|")
        for row in ours.rows {
            let anchorCells = anchors.map { "| \($0.result?.cells[row.name] ?? "not run") " }.joined()
            lines.append(
                "| \(row.name) | \(row.count) | \(row.recall) | \(row.within50) | \(row.within100) | \(row.skewWithin) | \(row.skewError) " + anchorCells + "|")
        }
        if let outcomesFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let rows = try outcomes.map { String(decoding: try encoder.encode(OutcomeLine($0)), as: UTF8.self) }
            try (rows.joined(separator: "\n") + "\n").write(toFile: outcomesFile, atomically: true, encoding: .utf8)
        }
        let text = lines.joined(separator: "\n")
        print(text)
        if let markdown { try text.write(toFile: markdown, atomically: true, encoding: .utf8) }
    }

    struct Scored {
        struct Row {
            var name: String
            var count: Int
            var recall: String
            var within50: String
            var within100: String
            var skewError: String
            var skewWithin: String
        }
        var threshold: Int
        var falsePositives: Int
        var negativeCount: Int
        var rows: [Row]
    }

    /// Calibrates the vote threshold on the negatives, then scores every condition.
    static func score(_ outcomes: [Outcome], ratioFloor: Double) -> Scored {
        let negativeVotes = outcomes.filter { $0.query.group == nil }.map { $0.ratio >= ratioFloor ? $0.votes : 0 }.sorted()
        let threshold = Self.threshold(negativeScores: negativeVotes)
        let positives = outcomes.filter { $0.query.group != nil }
        let keys = Self.rows.map { row in (row.name, positives.filter { row.holds($0.query) }) }
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "–" : "\(Int((100 * Double(part) / Double(whole)).rounded())) %" }
        let rows = keys.map { name, group -> Scored.Row in
            let accepted = group.filter { $0.votes >= threshold && $0.ratio >= ratioFloor }
            let right = accepted.filter { $0.group == $0.query.group && $0.groupMatches }
            let error = { (o: Outcome) in o.offsetError ?? .infinity }
            var skewText = "–"
            var skewWithin = "–"
            if let truth = group.first?.query.condition.trueSkew, !right.isEmpty {
                let errors = right.map { abs($0.skew - truth) }.sorted()
                skewText = String(format: "%.4f", errors[errors.count / 2])
                skewWithin = percent(errors.filter { $0 <= 0.005 }.count, group.count)
            }
            return Scored.Row(
                name: name, count: group.count, recall: percent(right.count, group.count),
                within50: percent(right.filter { error($0) <= 0.05 }.count, group.count),
                within100: percent(right.filter { error($0) <= 0.1 }.count, group.count), skewError: skewText, skewWithin: skewWithin)
        }
        return Scored(threshold: threshold, falsePositives: negativeVotes.filter { $0 >= threshold }.count, negativeCount: negativeVotes.count, rows: rows)
    }

    /// Reference music files of at least 30 s, near-duplicates ("-old", "_enhanced") grouped.
    static func corpus(_ folders: [String], pk3s: [String], work: String) throws -> [Reference] {
        var files: [String] = []
        for pk3 in pk3s where FileManager.default.fileExists(atPath: pk3) {
            if !FileManager.default.fileExists(atPath: work) {
                try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
                try ExternalTool.run("unzip", ["-q", "-o", pk3, "-d", work])
            }
            files += Self.audio(in: work)
        }
        for folder in folders { files += Self.audio(in: folder) }
        var seen = Set<String>()
        var result: [Reference] = []
        for file in files.sorted() {
            let real = (file as NSString).resolvingSymlinksInPath
            guard seen.insert(real).inserted else { continue }
            let probe = try? ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", real])
            guard let seconds = probe.flatMap({ Double(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }), seconds >= 30
            else { continue }
            var group = ((real as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            for suffix in ["-old", "_enhanced", "-enhanced", "_original"] where group.hasSuffix(suffix) { group = String(group.dropLast(suffix.count)) }
            result.append(
                Reference(path: real, group: ((real as NSString).deletingLastPathComponent as NSString).lastPathComponent + "/" + group, seconds: seconds))
        }
        return result
    }

    static func audio(in folder: String) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let relative = walker?.nextObject() as? String {
            if ["ogg", "opus", "mp3", "flac", "wav"].contains((relative as NSString).pathExtension.lowercased()) { files.append(folder + "/" + relative) }
        }
        return files
    }

    /// Query files are cached by what they hold, so a different query list never reuses one.
    static func queryName(id: Int, source: String, start: Double, length: Double, condition: QueryCondition) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(source)|\(start)|\(length)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "q\(id)-\(String(hash, radix: 16))-\(length)s-\(condition.rawValue)"
    }

    /// The table's rows, by name and the queries each holds: every condition at 8 s, then
    /// the length sweep.
    static var rows: [(name: String, holds: (Query) -> Bool)] {
        var rows: [(name: String, holds: (Query) -> Bool)] = []
        for condition in QueryCondition.allCases {
            rows.append((condition.label, { $0.length == 8 && $0.condition == condition }))
        }
        for length in [3.0, 5.0, 12.0] {
            for condition in [QueryCondition.clean, .white5, .micSim] {
                rows.append(("\(Int(length)) s \(condition.label)", { $0.length == length && $0.condition == condition }))
            }
        }
        return rows
    }

    /// The lowest score at which at most 1 % of the negatives match.
    static func threshold(negativeScores: [Int]) -> Int {
        var threshold = 1
        while negativeScores.filter({ $0 >= threshold }).count > negativeScores.count / 100 { threshold += 1 }
        return threshold
    }

    static func peakResidentMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func machine() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":")
            .last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}

extension FingerprintBenchmark.Outcome {
    /// Right when the matched track is the query's source or its near-duplicate.
    var groupMatches: Bool { group != nil && group == query.group }
}
