import Foundation

/// The audfprint anchor (PyPI `audfprint2`, defaults plus `--maxtimebits 17`) on the same
/// references and query files, at its own <= 1 % false-positive threshold on common hashes.
enum AudfprintAnchor {
    struct Match {
        var reference: String
        var offset: Double
        var common: Int
    }

    static func run(references: [FingerprintBenchmark.Reference], queries: [FingerprintBenchmark.Query], work: String) throws -> ([String: String], String) {
        let database = work + "/audfprint.pklz"
        let referenceList = work + "/audfprint-references.txt"
        let queryList = work + "/audfprint-queries.txt"
        try references.map(\.path).joined(separator: "\n").write(toFile: referenceList, atomically: true, encoding: .utf8)
        try queries.map(\.file).joined(separator: "\n").write(toFile: queryList, atomically: true, encoding: .utf8)
        let started = Date()
        if !FileManager.default.fileExists(atPath: database) || (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) == 0 {
            try ExternalTool.run("audfprint", ["-d", database, "-u", "17", "-H", "2", "-l", "new", referenceList])
        }
        let indexSeconds = Date().timeIntervalSince(started)
        let matchStarted = Date()
        let output = work + "/audfprint-matches.txt"
        // -v prints each match line through logging; -N 1 keeps weak matches for calibration.
        let text = String(decoding: try ExternalTool.run("bash", ["-c", "audfprint -d '\(database)' -N 1 -H 2 -v -l match '\(queryList)' > '\(output)' 2>&1; cat '\(output)'"]), as: UTF8.self)
        let matchSeconds = Date().timeIntervalSince(matchStarted)
        var matches: [String: Match] = [:]
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: "Matched ") else { continue }
            let rest = line[range.upperBound...]
            // "<query> <dur> sec <n> raw hashes as <ref> at <offset> s with <common> of <total> common hashes at rank 0"
            guard let asRange = rest.range(of: " raw hashes as "), let atRange = rest.range(of: " at ", range: asRange.upperBound..<rest.endIndex),
                let withRange = rest.range(of: " s with ", range: atRange.upperBound..<rest.endIndex),
                let ofRange = rest.range(of: " of ", range: withRange.upperBound..<rest.endIndex)
            else { continue }
            let query = rest[..<asRange.lowerBound].split(separator: " ").dropLast(3).joined(separator: " ")
            let reference = String(rest[asRange.upperBound..<atRange.lowerBound])
            let offset = Double(rest[atRange.upperBound..<withRange.lowerBound].trimmingCharacters(in: .whitespaces)) ?? .nan
            let common = Int(rest[withRange.upperBound..<ofRange.lowerBound].trimmingCharacters(in: .whitespaces)) ?? 0
            if matches[query] == nil || matches[query]!.common < common { matches[query] = Match(reference: reference, offset: offset, common: common) }
        }
        let groups = Dictionary(references.map { ($0.path, $0.group) }, uniquingKeysWith: { first, _ in first })
        let negatives = queries.filter { $0.group == nil }.map { matches[$0.file]?.common ?? 0 }
        var threshold = 1
        while negatives.filter({ $0 >= threshold }).count > negatives.count / 100 { threshold += 1 }
        var table: [String: String] = [:]
        func cell(_ group: [FingerprintBenchmark.Query]) -> String {
            let right = group.filter { query in
                guard let match = matches[query.file], match.common >= threshold else { return false }
                return groups[(match.reference as NSString).resolvingSymlinksInPath] == query.group
            }
            let close = right.filter { abs(matches[$0.file]!.offset - $0.start) <= 0.1 }
            func percent(_ n: Int) -> String { "\(Int((100 * Double(n) / Double(max(1, group.count))).rounded())) %" }
            return "\(percent(right.count)) / \(percent(close.count))"
        }
        let positives = queries.filter { $0.group != nil }
        for condition in QueryCondition.allCases {
            table[condition.label] = cell(positives.filter { $0.length == 8 && $0.condition == condition })
        }
        for length in [3.0, 5.0, 12.0] {
            for condition in [QueryCondition.clean, .white5, .micSim] {
                table["\(Int(length)) s \(condition.label)"] = cell(positives.filter { $0.length == length && $0.condition == condition })
            }
        }
        let note = String(format: "audfprint (audfprint2, defaults, --maxtimebits 17, 2 processes): threshold %d common hashes for <= 1 %% FPR; index %.0f s, %d queries matched in %.0f s (%.0f ms each).",
                          threshold, indexSeconds, queries.count, matchSeconds, 1000 * matchSeconds / Double(max(1, queries.count)))
        return (table, note)
    }
}
