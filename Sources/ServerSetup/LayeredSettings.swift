import Foundation
import SimulcastServer

/// The settings of one command from three layers: the config file, the environment over it,
/// the flags over both. Every value is checked against its key's kind, whichever layer gave
/// it; keys the file names that no setting has are refused when it is read.
public struct LayeredSettings: Sendable {
    public let keys: [SettingKey]
    let file: [String: TOMLDocument.Entry]
    let filePath: String?
    let environment: [String: String]
    let flags: [String: TOMLValue]

    /// - Parameters:
    ///   - fileText: the config file's text (nil: none), read from `filePath`.
    ///   - flags: the flags given on the command line, by key name.
    public init(
        keys: [SettingKey], fileText: String?, filePath: String? = nil, environment: [String: String], flags: [String: TOMLValue]
    ) throws(SettingsError) {
        self.keys = keys
        self.filePath = filePath
        self.environment = environment
        self.flags = flags
        var file: [String: TOMLDocument.Entry] = [:]
        if let fileText {
            let path = filePath ?? "the config file"
            let document: TOMLDocument
            do { document = try TOMLDocument(parsing: fileText) } catch { throw .syntax(path: path, error) }
            let names = Set(keys.map(\.name))
            for entry in document.entries {
                guard names.contains(entry.key) else {
                    throw .unknownKey(entry.key, path: path, line: entry.line, suggestion: Self.closest(to: entry.key, among: keys.map(\.name)))
                }
                file[entry.key] = entry
            }
        }
        self.file = file
    }

    /// Reads the file at `path` (nil: no file) and layers the environment and flags over it.
    public static func load(keys: [SettingKey], path: String?, environment: [String: String], flags: [String: TOMLValue]) throws(SettingsError)
        -> LayeredSettings
    {
        guard let path else { return try LayeredSettings(keys: keys, fileText: nil, environment: environment, flags: flags) }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "not readable as UTF-8 text by this user" : "no such file"
            throw .unreadableFile(path: path, reason: reason)
        }
        return try LayeredSettings(keys: keys, fileText: text, filePath: path, environment: environment, flags: flags)
    }

    /// The value and where it came from; the default when no layer gives one; nil when unset.
    public func value(_ key: SettingKey) throws(SettingsError) -> (value: TOMLValue, source: SettingSource)? {
        if let flag = flags[key.name] {
            return (try Self.checked(flag, key: key, source: .flag(key.name)), .flag(key.name))
        }
        if let text = environment[key.environment], !text.isEmpty {
            let source = SettingSource.environment(key.environment)
            return (try Self.checked(Self.parse(text, kind: key.kind), key: key, source: source), source)
        }
        if let entry = file[key.name] {
            let source = SettingSource.file(path: filePath ?? "the config file", line: entry.line)
            return (try Self.checked(entry.value, key: key, source: source), source)
        }
        return key.defaultValue.map { ($0, .defaultValue) }
    }

    // MARK: - Typed reads

    public func text(_ key: SettingKey) throws(SettingsError) -> String? {
        guard let (value, _) = try value(key) else { return nil }
        switch value {
        case .string(let text), .date(let text): return text
        default: return nil
        }
    }

    public func integer(_ key: SettingKey) throws(SettingsError) -> Int? {
        guard case .integer(let number)? = try value(key)?.value else { return nil }
        return Int(number)
    }

    public func number(_ key: SettingKey) throws(SettingsError) -> Double? {
        switch try value(key)?.value {
        case .float(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }

    public func boolean(_ key: SettingKey) throws(SettingsError) -> Bool {
        guard case .boolean(let flag)? = try value(key)?.value else { return false }
        return flag
    }

    public func list(_ key: SettingKey) throws(SettingsError) -> [String] {
        guard case .array(let items)? = try value(key)?.value else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    // MARK: - Checking

    /// An environment variable's text as the value its kind takes; checked afterwards.
    static func parse(_ text: String, kind: SettingKind) -> TOMLValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .integer: return Int64(trimmed).map(TOMLValue.integer) ?? .string(text)
        case .number: return Double(trimmed).map(TOMLValue.float) ?? .string(text)
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "1", "yes", "on": return .boolean(true)
            case "false", "0", "no", "off": return .boolean(false)
            default: return .string(text)
            }
        case .list, .originList:
            return .array(trimmed.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 != .string("") })
        case .date: return .date(trimmed)
        case .text, .path, .url, .origin, .choice: return .string(text)
        }
    }

    /// The value in the form its kind takes, or `badValue`.
    static func checked(_ value: TOMLValue, key: SettingKey, source: SettingSource) throws(SettingsError) -> TOMLValue {
        func refuse(_ detail: String? = nil) -> SettingsError {
            let got = key.isSecret ? nil : detail ?? describe(value)
            return .badValue(key: key.name, source: source, expected: key.kind.expected, got: got)
        }
        switch (key.kind, value) {
        case (.text, .string(let text)):
            guard !text.isEmpty else { throw refuse("an empty text") }
            return value
        case (.path, .string(let text)):
            guard !text.isEmpty, !text.contains("\0") else { throw refuse("an empty path") }
            return value
        case (.url, .string(let text)):
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else { throw refuse() }
            return value
        case (.origin, .string(let text)):
            guard WebOrigin.isOrigin(text) else { throw refuse() }
            return .string(WebOrigin.normalise(text))
        case (.integer(let range), .integer(let number)):
            guard range.contains(number) else { throw refuse() }
            return value
        case (.number(let range), .integer(let number)):
            guard range.contains(Double(number)) else { throw refuse() }
            return .float(Double(number))
        case (.number(let range), .float(let number)):
            guard range.contains(number) else { throw refuse() }
            return value
        case (.boolean, .boolean):
            return value
        case (.choice(let names), .string(let text)):
            guard names.contains(text) else { throw refuse() }
            return value
        case (.date, .date(let text)), (.date, .string(let text)):
            guard TOMLDocument.Reader.date(text) != nil else { throw refuse() }
            return .date(text)
        case (.list, .string(let text)):
            guard !text.isEmpty else { throw refuse("an empty text") }
            return .array([value])
        case (.list, .array(let items)):
            guard items.allSatisfy({ if case .string(let text) = $0 { !text.isEmpty } else { false } }) else { throw refuse("a list with other than texts") }
            return value
        case (.originList, .string):
            return try checked(.array([value]), key: key, source: source)
        case (.originList, .array(let items)):
            var origins: [TOMLValue] = []
            for item in items {
                guard case .string(let text) = item, WebOrigin.isOrigin(text) else { throw refuse(describe(item)) }
                origins.append(.string(WebOrigin.normalise(text)))
            }
            return .array(origins)
        default:
            throw refuse()
        }
    }

    /// A value as an error shows it: clipped, quoted, never a secret (callers check).
    static func describe(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): SettingsError.quote(text)
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .boolean(let flag): String(flag)
        case .date(let text): text
        case .array(let items): "[" + items.prefix(5).map(describe).joined(separator: ", ") + (items.count > 5 ? ", …" : "") + "]"
        }
    }

    /// The key a typo most likely meant: the nearest by edit distance, if near at all.
    static func closest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(Array(typed), Array($0))) }.min { $0.1 < $1.1 }
        guard let (name, distance) = scored, distance <= max(2, typed.count / 3) else { return nil }
        return name
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
