import Foundation

/// The audfprint anchor (PyPI `audfprint2`, `--maxtimebits 17`) on the same references and
/// query files, at its own <= 1 % false-positive threshold on common hashes. Two settings:
/// its defaults, and the dense MIREX-style one the research pilot found best under noise.
struct AudfprintAnchor {
    var name: String
    /// Extra options for `new` (analysis) and for `match`.
    var analysis: [String]
    var matching: [String]

    static let standard = AudfprintAnchor(name: "default", analysis: [], matching: [])
    static let dense = AudfprintAnchor(
        name: "dense", analysis: ["--density", "70", "--fanout", "8", "--bucketsize", "500"],
        matching: ["--density", "70", "--fanout", "8", "--search-depth", "2000"])

    struct Match {
        var reference: String
        var offset: Double
        var common: Int
    }

    struct Result {
        var cells: [String: String]
        var note: String
    }

    func run(references: [FingerprintBenchmark.Reference], queries: [FingerprintBenchmark.Query], work: String, identical: IdenticalAudioCheck) throws -> Result
    {
        let database = work + "/audfprint-\(name).pklz"
        let referenceList = work + "/audfprint-references.txt"
        let queryList = work + "/audfprint-queries.txt"
        try references.map(\.path).joined(separator: "\n").write(toFile: referenceList, atomically: true, encoding: .utf8)
        try queries.map(\.file).joined(separator: "\n").write(toFile: queryList, atomically: true, encoding: .utf8)
        let started = Date()
        var indexNote = "database reused from an earlier run"
        if !FileManager.default.fileExists(atPath: database) || (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) == 0 {
            try ExternalTool.run("audfprint", ["-d", database, "-u", "17", "-H", "2", "-l"] + analysis + ["new", referenceList])
            indexNote = String(format: "indexed in %.0f s on 2 processes, decoding included", Date().timeIntervalSince(started))
        }
        let matchStarted = Date()
        let output = work + "/audfprint-\(name)-matches.txt"
        // One process: with -H its workers each receive the whole table, many times slower.
        // -v prints each match line through logging; -N 1 keeps weak matches for calibration.
        let arguments = (["-d", database, "-N", "1", "-v", "-l"] + matching + ["match", queryList]).map { "'\($0)'" }.joined(separator: " ")
        let text = String(decoding: try ExternalTool.run("bash", ["-c", "audfprint \(arguments) > '\(output)' 2>&1; cat '\(output)'"]), as: UTF8.self)
        let matchSeconds = Date().timeIntervalSince(matchStarted)
        let matches = Self.parse(text)
        let groups = Dictionary(references.map { ($0.path, $0.group) }, uniquingKeysWith: { first, _ in first })
        let negatives = queries.filter { $0.group == nil }.map { matches[$0.file]?.common ?? 0 }
        let threshold = FingerprintBenchmark.threshold(negativeScores: negatives)
        var cells: [String: String] = [:]
        func cell(_ group: [FingerprintBenchmark.Query]) throws -> String {
            let right = group.filter { query in
                guard let match = matches[query.file], match.common >= threshold else { return false }
                return groups[(match.reference as NSString).resolvingSymlinksInPath] == query.group
            }
            // The same rule as for Simulcast: an identical repeat of the audio counts.
            let close = try right.filter { query in
                guard let match = matches[query.file] else { return false }
                let reference = (match.reference as NSString).resolvingSymlinksInPath
                if reference == query.source, abs(match.offset - query.start) <= 0.1 { return true }
                let repeatError = try identical.repeatError(
                    source: query.source, start: query.start, length: query.length, matched: reference, claimed: match.offset, window: 0.1)
                return (repeatError ?? .infinity) <= 0.1
            }
            func percent(_ n: Int) -> String { "\(Int((100 * Double(n) / Double(max(1, group.count))).rounded())) %" }
            return "\(percent(right.count)) / \(percent(close.count))"
        }
        let positives = queries.filter { $0.group != nil }
        for row in FingerprintBenchmark.rows {
            cells[row.name] = try cell(positives.filter(row.holds))
        }
        let options = (["--maxtimebits 17"] + [analysis.joined(separator: " ")]).filter { !$0.isEmpty }.joined(separator: " ")
        let note = String(
            format:
                "audfprint %@ (audfprint2, %@): threshold %d common hashes for <= 1 %% FPR (%d of %d negatives over it); %@; %d queries matched in %.0f s (%.0f ms each, one process, table loaded once).",
            name, options, threshold, negatives.filter { $0 >= threshold }.count, negatives.count, indexNote, queries.count, matchSeconds,
            1000 * matchSeconds / Double(max(1, queries.count)))
        return Result(cells: cells, note: note)
    }

    /// "Matched <query> <dur> sec <n> raw hashes as <ref> at <offset> s with <common> of <total> common hashes at rank 0"
    static func parse(_ text: String) -> [String: Match] {
        var matches: [String: Match] = [:]
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "Matched ") else { continue }
            let rest = line[range.upperBound...]
            guard let asRange = rest.range(of: " raw hashes as "), let atRange = rest.range(of: " at ", range: asRange.upperBound..<rest.endIndex),
                let withRange = rest.range(of: " s with ", range: atRange.upperBound..<rest.endIndex),
                let ofRange = rest.range(of: " of ", range: withRange.upperBound..<rest.endIndex)
            else { continue }
            let query = rest[..<asRange.lowerBound].split(separator: " ").dropLast(3).joined(separator: " ")
            let reference = String(rest[asRange.upperBound..<atRange.lowerBound])
            let offset = Double(rest[atRange.upperBound..<withRange.lowerBound].trimmingCharacters(in: .whitespaces)) ?? .nan
            let common = Int(rest[withRange.upperBound..<ofRange.lowerBound].trimmingCharacters(in: .whitespaces)) ?? 0
            if (matches[query]?.common ?? .min) < common { matches[query] = Match(reference: reference, offset: offset, common: common) }
        }
        return matches
    }
}
