/// One line of `simulcast doctor`: what was checked, how it went, and the fix when it failed.
public struct DoctorCheck: Sendable, Equatable {
    public enum Outcome: String, Sendable {
        case pass, warn, fail, skip

        var mark: String {
            switch self {
            case .pass: "ok  "
            case .warn: "warn"
            case .fail: "FAIL"
            case .skip: "--  "
            }
        }
    }

    public var name: String
    public var outcome: Outcome
    public var detail: String
    /// What to do, for a failure or a warning.
    public var fix: String?

    public init(_ name: String, _ outcome: Outcome, _ detail: String, fix: String? = nil) {
        self.name = name
        self.outcome = outcome
        self.detail = detail
        self.fix = fix
    }
}
