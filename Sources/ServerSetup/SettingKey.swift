/// One setting of `simulcast serve`: its name in the config file (the flag without its
/// dashes), the environment variable that overrides the file, what it takes, and its default.
public struct SettingKey: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let environment: String
    public let kind: SettingKind
    /// Never shown: `--print-config` and errors mask it.
    public let isSecret: Bool
    /// false: the file and the environment only (values too secret for a command line).
    public let hasFlag: Bool
    /// nil: unset unless given.
    public let defaultValue: TOMLValue?

    public init(
        _ name: String, environment: String? = nil, kind: SettingKind, default defaultValue: TOMLValue? = nil, isSecret: Bool = false, hasFlag: Bool = true
    ) {
        self.name = name
        self.environment = environment ?? "SIMULCAST_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
        self.kind = kind
        self.isSecret = isSecret
        self.hasFlag = hasFlag
        self.defaultValue = defaultValue
    }

    public var description: String { name }
    public static func == (lhs: SettingKey, rhs: SettingKey) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
