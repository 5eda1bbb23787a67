/// A value in a configuration file: the part of TOML a server's settings need.
public enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    /// A local date (`2027-01-01`), kept as written.
    case date(String)
    case array([TOMLValue])

    /// What the value is, as an error message names it.
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "true or false"
        case .date: "a date"
        case .array: "a list"
        }
    }
}
