import Foundation

/// `setup`'s questions on the terminal: one line each, the default in brackets; an empty
/// answer takes the default (or leaves the setting out). Not interactive: asks nothing and
/// answers nil, so only the options decide.
struct Prompt {
    let interactive: Bool

    func ask(_ question: String, default value: String? = nil) -> String? {
        guard interactive else { return nil }
        print(question + (value.map { " [\($0)]" } ?? "") + ": ", terminator: "")
        guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return value }
        return line.isEmpty ? value : line
    }
}
