/// What one `osascript` run printed and how it ended.
public struct AppleScriptOutput: Hashable, Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32, standardOutput: String, standardError: String = "") {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}
