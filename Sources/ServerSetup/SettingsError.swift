/// Why the settings cannot be used, said with the key, where it came from and what is
/// allowed. A secret's value is never repeated.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case syntax(path: String, TOMLError)
    case unknownKey(String, path: String, line: Int, suggestion: String?)
    case badValue(key: String, source: SettingSource, expected: String, got: String?)
    /// Two settings that only work together, or a value that cannot be used as given.
    case unusable(String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read the config file \(path): \(reason)"
        case .syntax(let path, let error):
            return "\(path) \(error)"
        case .unknownKey(let key, let path, let line, let suggestion):
            let hint = suggestion.map { "; did you mean \($0)?" } ?? ""
            return "\(path) line \(line): unknown key \(Self.quote(key))\(hint) (the keys are serve's flags without their dashes: simulcast serve --help)"
        case .badValue(let key, let source, let expected, let got):
            let shown = got.map { ", got \($0)" } ?? ""
            return "\(key) (\(source)): expected \(expected)\(shown)"
        case .unusable(let message):
            return message
        }
    }

    static func quote(_ text: String) -> String {
        let clipped = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\"" + clipped.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0 == "\\" ? $0.escaped(asASCII: true) : String($0) }.joined() + "\""
    }
}
