/// Why a configuration file could not be read, with the line it happened on.
public struct TOMLError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
