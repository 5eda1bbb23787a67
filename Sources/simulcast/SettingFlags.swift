import ServerSetup

/// The flags a command was given, by setting, as the settings layers take them; a flag left
/// out (nil, false, empty) is not in it, so the environment or the config file decides.
struct SettingFlags {
    private(set) var values: [String: TOMLValue] = [:]

    mutating func add(_ key: SettingKey, _ value: String?) {
        if let value { values[key.name] = .string(value) }
    }

    mutating func add(_ key: SettingKey, _ value: Int?) {
        if let value { values[key.name] = .integer(Int64(value)) }
    }

    mutating func add(_ key: SettingKey, _ value: Double?) {
        if let value { values[key.name] = .float(value) }
    }

    /// A flag that can only turn something on.
    mutating func add(_ key: SettingKey, _ value: Bool) {
        if value { values[key.name] = .boolean(true) }
    }

    mutating func add(_ key: SettingKey, _ value: [String]) {
        if !value.isEmpty { values[key.name] = .array(value.map(TOMLValue.string)) }
    }

    mutating func add<Choice: RawRepresentable>(_ key: SettingKey, _ value: Choice?) where Choice.RawValue == String {
        if let value { values[key.name] = .string(value.rawValue) }
    }
}
