import Foundation

/// `simulcast doctor`'s output: a line per check, the fix under each that needs one.
public struct DoctorReport: Sendable {
    public var checks: [DoctorCheck]

    public init(checks: [DoctorCheck]) { self.checks = checks }

    /// Nothing failed (warnings and skipped checks pass).
    public var passed: Bool { !checks.contains { $0.outcome == .fail } }

    public func render() -> String {
        let width = (checks.map(\.name.count).max() ?? 0) + 2
        var lines: [String] = []
        for check in checks {
            lines.append("\(check.outcome.mark)  \(check.name.padding(toLength: width, withPad: " ", startingAt: 0))\(check.detail)")
            if let fix = check.fix { lines.append(String(repeating: " ", count: 6 + width) + "fix: " + fix) }
        }
        let failed = checks.filter { $0.outcome == .fail }.count
        lines.append(failed == 0 ? "Everything needed passed." : "\(failed) check\(failed == 1 ? "" : "s") failed.")
        return lines.joined(separator: "\n") + "\n"
    }
}
