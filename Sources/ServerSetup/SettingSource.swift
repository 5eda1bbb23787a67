/// Where a setting's value came from; flags beat the environment, which beats the file.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case file(path: String, line: Int)
    case defaultValue

    public var description: String {
        switch self {
        case .flag(let name): "flag --\(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path, let line): "\(path) line \(line)"
        case .defaultValue: "default"
        }
    }
}
