/// What a setting takes; checked the same way whether it comes from the file, the
/// environment or a flag.
public enum SettingKind: Sendable {
    case text
    case path
    /// An `http://` or `https://` address.
    case url
    /// `scheme://host[:port]`, nothing after it.
    case origin
    case integer(ClosedRange<Int64>)
    case number(ClosedRange<Double>)
    case boolean
    case choice([String])
    /// `YYYY-MM-DD`.
    case date
    /// Several texts: a list in the file, comma-separated in the environment, a repeated flag.
    case list
    case originList

    /// What is allowed, as an error message says it.
    public var expected: String {
        switch self {
        case .text: "text"
        case .path: "a file path"
        case .url: "an http:// or https:// address"
        case .origin: "an origin such as https://listen.example.com (no path)"
        case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range):
            range.upperBound == .greatestFiniteMagnitude
                ? "a number of at least \(Self.show(range.lowerBound))" : "a number from \(Self.show(range.lowerBound)) to \(Self.show(range.upperBound))"
        case .boolean: "true or false"
        case .choice(let names): "one of " + names.joined(separator: ", ")
        case .date: "a day as YYYY-MM-DD"
        case .list: "a list of texts"
        case .originList: "a list of origins such as [\"https://listen.example.com\"]"
        }
    }

    static func show(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
