import Foundation
import SimulcastCore

/// The instruction benchmark's result as Markdown tables: the figures of each build side by
/// side, then where the larger room's publishing went.
struct InstructionReport {
    var result: InstructionBenchmark.Result

    var text: String {
        var lines = [
            "\(result.rooms) room(s) of \(result.small) then \(result.large) listeners, \(result.statesPerRoom) host states a room; "
                + "\(result.builds.first?.figures.count ?? 0) count(s) of each build, medians (min-max)",
            "",
            "| figure | " + result.builds.map(\.name).joined(separator: " | ") + (result.builds.count > 1 ? " | this / baseline |" : ""),
            "|---|" + String(repeating: "---|", count: result.builds.count + (result.builds.count > 1 ? 1 : 0)),
        ]
        for (row, name) in (result.builds.first?.figures.first?.named ?? []).map(\.name).enumerated() {
            let values = result.builds.map { build in build.figures.map { $0.named[row].value } }
            var cells = values.map(Self.cell)
            if values.count > 1 {
                let ratio = Percentiles(values[0]).at(0.5) / Percentiles(values[1]).at(0.5)
                cells.append(String(format: "%.2f", ratio))
            }
            lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        for build in result.builds {
            guard let largest = build.counts.last?.last else { continue }
            lines += [
                "", "Where \(build.name)'s publishing went (\(largest.listenersPerRoom) listeners a room, self cost):", "", "| part | share |", "|---|---|",
            ]
            for share in largest.publishingShares where share.instructions * 200 >= largest.publishing {
                lines.append("| \(share.part.rawValue) | " + String(format: "%.1f %%", 100 * Double(share.instructions) / Double(largest.publishing)) + " |")
            }
            let names = Self.demangled(largest.publishingHeaviest.map(\.function))
            lines += ["", "| heaviest functions | share |", "|---|---|"]
            for (heavy, name) in zip(largest.publishingHeaviest, names) {
                lines.append("| `\(name.prefix(110))` | " + String(format: "%.1f %%", 100 * Double(heavy.instructions) / Double(largest.publishing)) + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func cell(_ values: [Double]) -> String {
        let spread = Percentiles(values)
        let median = Self.grouped(spread.at(0.5))
        guard values.count > 1 else { return median }
        return "\(median) (\(Self.grouped(spread.sorted.first ?? 0))-\(Self.grouped(spread.sorted.last ?? 0)))"
    }

    private static func grouped(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value.rounded())) ?? "\(Int(value))"
    }

    /// Swift symbols as people read them (`swift-demangle --simplified`), or as they are
    /// when the tool is missing.
    private static func demangled(_ names: [String]) -> [String] {
        guard let data = try? ExternalTool.run("swift-demangle", ["--simplified"], input: Data(names.joined(separator: "\n").utf8)) else { return names }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count >= names.count ? Array(lines.prefix(names.count)) : names
    }
}
