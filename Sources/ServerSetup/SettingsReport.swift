import Foundation

/// `serve --print-config`: the settings in effect as a TOML file that `serve --config` would
/// read back, each with where it came from. Secrets are masked, and so is a password inside
/// a database URL.
public struct SettingsReport {
    public static let mask = "********"
    let layers: LayeredSettings

    public init(_ layers: LayeredSettings) { self.layers = layers }

    public func render() -> String {
        var lines = ["# The settings in effect: flags over the environment over the config file over the defaults."]
        for key in layers.keys {
            let found: (value: TOMLValue, source: SettingSource)?
            do { found = try layers.value(key) } catch {
                lines.append("# \(key.name): \(error)")
                continue
            }
            guard let (value, source) = found else {
                lines.append("# \(key.name) is not set (\(key.environment))")
                continue
            }
            // A masked secret is a comment, so what is printed still reads back as a config file.
            if key.isSecret {
                lines.append("# \(key.name) = \"\(Self.mask)\"  # \(source), masked")
            } else {
                lines.append("\(key.name) = \(Self.toml(key.name == SettingKey.database.name ? Self.maskingPassword(value) : value))  # \(source)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The value as TOML writes it.
    static func toml(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text):
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        escaped += String(format: "\\u%04X", scalar.value)
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            return escaped + "\""
        case .integer(let number): return String(number)
        case .float(let number): return number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : String(number)
        case .boolean(let flag): return String(flag)
        case .date(let text): return text
        case .array(let items): return "[" + items.map(toml).joined(separator: ", ") + "]"
        }
    }

    /// `postgres://user:secret@host/db` shown as `postgres://user:********@host/db`. Read by
    /// hand, not as a URL: a password with `#`, `%` or `/` in it (unencoded) is not a valid
    /// URL, and must be masked all the same. Everything between the user's `:` and the last
    /// `@` is the password.
    static func maskingPassword(_ value: TOMLValue) -> TOMLValue {
        guard case .string(let text) = value, let scheme = text.range(of: "://"), let at = text.range(of: "@", options: .backwards),
            at.lowerBound > scheme.upperBound
        else { return value }
        let userInfo = text[scheme.upperBound..<at.lowerBound]
        guard let colon = userInfo.firstIndex(of: ":") else { return value }
        return .string(String(text[..<text.index(after: colon)]) + mask + String(text[at.lowerBound...]))
    }
}
