import Foundation

/// One callgrind dump: the instructions it counted in all and each function's own share
/// ("self" cost: what ran in the function's body, not in what it called).
///
/// Reads callgrind's text format as valgrind documents it: `ob=`/`fn=` name an object and a
/// function (a number in brackets stands for a name given once before), cost lines are a
/// position followed by the event counts, and the cost line after a `calls=` line is a call's
/// inclusive cost, which belongs to the callee and so is not the caller's own.
struct CallgrindProfile {
    struct Function: Hashable {
        /// The file the code was loaded from: the executable or a shared library.
        var object: String
        var name: String
    }

    /// Instructions in all (the dump's `totals:` line).
    var total: Int
    var selfCost: [Function: Int]

    init(contentsOf path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchError("cannot read the callgrind dump \(path)") }
        try self.init(parsing: text)
    }

    init(parsing text: String) throws {
        var objects: [String: String] = [:]
        var functions: [String: String] = [:]
        var object = ""
        var function = ""
        var callCostFollows = false
        var total: Int?
        var costs: [Function: Int] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                if callCostFollows {
                    callCostFollows = false
                    continue
                }
                // "<position> <Ir>": a line with no count after its position cost nothing.
                let fields = line.split(separator: " ")
                guard fields.count >= 2, let cost = Int(fields[1]) else { continue }
                costs[Function(object: object, name: function), default: 0] += cost
            } else if line.hasPrefix("ob=") {
                object = Self.name(line.dropFirst(3), table: &objects)
            } else if line.hasPrefix("fn=") {
                function = Self.name(line.dropFirst(3), table: &functions)
            } else if line.hasPrefix("cob=") {
                _ = Self.name(line.dropFirst(4), table: &objects)
            } else if line.hasPrefix("cfn=") {
                _ = Self.name(line.dropFirst(4), table: &functions)
            } else if line.hasPrefix("calls=") {
                callCostFollows = true
            } else if line.hasPrefix("totals:") || (total == nil && line.hasPrefix("summary:")) {
                total = Int(line.split(separator: " ").last ?? "")
            }
        }
        guard let total else { throw BenchError("a callgrind dump without a totals line") }
        self.total = total
        self.selfCost = costs
    }

    /// `(12) name` defines number 12; `(12)` alone uses it; a bare name is itself.
    private static func name(_ field: Substring, table: inout [String: String]) -> String {
        guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return String(field) }
        let key = String(field[field.index(after: field.startIndex)..<close])
        let rest = field[field.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty { return table[key] ?? key }
        table[key] = String(rest)
        return String(rest)
    }

    /// Self cost summed by what each function is part of, largest first.
    func shares() -> [(part: InstructionPart, instructions: Int)] {
        var sums: [InstructionPart: Int] = [:]
        for (function, cost) in selfCost { sums[InstructionPart(of: function), default: 0] += cost }
        return sums.sorted { $0.value > $1.value }.map { ($0.key, $0.value) }
    }

    /// The functions with the most self cost.
    func heaviest(_ count: Int) -> [(function: Function, instructions: Int)] {
        selfCost.sorted { $0.value > $1.value }.prefix(count).map { ($0.key, $0.value) }
    }
}
