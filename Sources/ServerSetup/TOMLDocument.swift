/// A TOML document read strictly: comments, `[tables]`, `key = value` (bare, quoted and
/// dotted keys), basic and literal strings, integers, floats, booleans, local dates and
/// arrays, which may span lines. What a settings file has no use for (multi-line strings,
/// inline tables, arrays of tables, times) is refused with its line rather than half read.
public struct TOMLDocument: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The full dotted path: `table.key`.
        public var key: String
        public var value: TOMLValue
        public var line: Int

        public init(key: String, value: TOMLValue, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// In the order written.
    public private(set) var entries: [Entry] = []

    public init(parsing text: String) throws(TOMLError) {
        var reader = Reader(Array(text.unicodeScalars))
        var table: [String] = []
        var seen: Set<String> = []
        var tables: Set<String> = []
        while true {
            reader.skipBlank(newlines: true)
            guard let scalar = reader.peek else { break }
            let line = reader.line
            if scalar == "[" {
                reader.advance()
                if reader.peek == "[" { throw TOMLError(line: line, "arrays of tables ([[...]]) are not supported") }
                reader.skipBlank(newlines: false)
                table = try reader.key()
                reader.skipBlank(newlines: false)
                guard reader.peek == "]" else { throw TOMLError(line: line, "a table header ends with ]") }
                reader.advance()
                let name = table.joined(separator: ".")
                guard tables.insert(name).inserted, !seen.contains(name) else { throw TOMLError(line: line, "the table [\(name)] is defined twice") }
            } else {
                let path = table + (try reader.key())
                reader.skipBlank(newlines: false)
                guard reader.peek == "=" else { throw TOMLError(line: line, "expected = after the key \(path.joined(separator: "."))") }
                reader.advance()
                reader.skipBlank(newlines: false)
                let name = path.joined(separator: ".")
                let value: TOMLValue
                do { value = try reader.value() } catch {
                    // Said with the key's name, never the value: it may be a secret left unquoted.
                    throw TOMLError(line: error.line, "\(name): \(error.reason)")
                }
                // A key may not be set twice, nor be a table and a value at once.
                let prefixes = (1..<path.count).map { path[0..<$0].joined(separator: ".") }
                guard seen.insert(name).inserted, !tables.contains(name), prefixes.allSatisfy({ !seen.contains($0) }) else {
                    throw TOMLError(line: line, "the key \(name) is set twice")
                }
                entries.append(Entry(key: name, value: value, line: line))
            }
            reader.skipBlank(newlines: false)
            if let end = reader.peek, end != "\n" {
                throw TOMLError(line: reader.line, "unexpected \(Reader.show(end)) after a value (one key = value per line)")
            }
        }
    }

    /// Walks the text one Unicode scalar at a time, counting lines.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func advance() {
            if peek == "\n" { line += 1 }
            index += 1
        }

        static func show(_ scalar: Unicode.Scalar) -> String {
            scalar.properties.isWhitespace || scalar.value < 0x20 ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
        }

        /// Spaces, tabs, comments, and newlines when `newlines`.
        mutating func skipBlank(newlines: Bool) {
            while let scalar = peek {
                if scalar == " " || scalar == "\t" || scalar == "\r" || (newlines && scalar == "\n") {
                    advance()
                } else if scalar == "#" {
                    while let next = peek, next != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        static func isBare(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }

        /// A key, dotted or not: `a`, `a.b`, `"a b".c`.
        mutating func key() throws(TOMLError) -> [String] {
            var parts: [String] = []
            while true {
                skipBlank(newlines: false)
                let start = line
                switch peek {
                case "\"": parts.append(try basicString())
                case "'": parts.append(try literalString())
                case let scalar? where Self.isBare(scalar):
                    var text = ""
                    while let next = peek, Self.isBare(next) {
                        text.unicodeScalars.append(next)
                        advance()
                    }
                    parts.append(text)
                case let scalar?: throw TOMLError(line: start, "expected a key, found \(Self.show(scalar))")
                case nil: throw TOMLError(line: start, "expected a key at the end of the file")
                }
                skipBlank(newlines: false)
                guard peek == "." else { return parts }
                advance()
            }
        }

        mutating func value() throws(TOMLError) -> TOMLValue {
            let start = line
            switch peek {
            case "\"":
                if lookingAt("\"\"\"") { throw TOMLError(line: start, "multi-line strings are not supported; write the value on one line") }
                return .string(try basicString())
            case "'":
                if lookingAt("'''") { throw TOMLError(line: start, "multi-line strings are not supported; write the value on one line") }
                return .string(try literalString())
            case "[": return try array()
            case "{": throw TOMLError(line: start, "inline tables ({...}) are not supported")
            case nil, "\n", "#": throw TOMLError(line: start, "a key needs a value after =")
            default: return try bareValue()
            }
        }

        func lookingAt(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
        }

        mutating func array() throws(TOMLError) -> TOMLValue {
            let start = line
            advance()
            var items: [TOMLValue] = []
            while true {
                skipBlank(newlines: true)
                if peek == "]" {
                    advance()
                    return .array(items)
                }
                guard peek != nil else { throw TOMLError(line: start, "the list opened here is never closed with ]") }
                items.append(try value())
                skipBlank(newlines: true)
                switch peek {
                case ",": advance()
                case "]": continue
                case let scalar?: throw TOMLError(line: line, "expected , or ] in a list, found \(Self.show(scalar))")
                case nil: throw TOMLError(line: start, "the list opened here is never closed with ]")
                }
            }
        }

        mutating func basicString() throws(TOMLError) -> String {
            let start = line
            advance()
            var text = ""
            while let scalar = peek {
                advance()
                switch scalar {
                case "\"": return text
                case "\n": throw TOMLError(line: start, "a string is not closed on its line")
                case "\\":
                    guard let escaped = peek else { break }
                    advance()
                    switch escaped {
                    case "b": text.unicodeScalars.append("\u{8}")
                    case "t": text.unicodeScalars.append("\t")
                    case "n": text.unicodeScalars.append("\n")
                    case "f": text.unicodeScalars.append("\u{C}")
                    case "r": text.unicodeScalars.append("\r")
                    case "\"": text.unicodeScalars.append("\"")
                    case "\\": text.unicodeScalars.append("\\")
                    case "u", "U":
                        let digits = escaped == "u" ? 4 : 8
                        var hex = ""
                        for _ in 0..<digits {
                            guard let digit = peek, digit.properties.isASCIIHexDigit else { break }
                            hex.unicodeScalars.append(digit)
                            advance()
                        }
                        guard hex.count == digits, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                            throw TOMLError(line: start, "\\\(escaped) takes \(digits) hex digits of a Unicode scalar")
                        }
                        text.unicodeScalars.append(decoded)
                    default: throw TOMLError(line: start, "unknown escape \\\(escaped) in a string")
                    }
                default:
                    if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                        throw TOMLError(line: start, "control character \(Self.show(scalar)) in a string; escape it")
                    }
                    text.unicodeScalars.append(scalar)
                }
            }
            throw TOMLError(line: start, "a string is not closed")
        }

        mutating func literalString() throws(TOMLError) -> String {
            let start = line
            advance()
            var text = ""
            while let scalar = peek {
                advance()
                if scalar == "'" { return text }
                if scalar == "\n" { throw TOMLError(line: start, "a string is not closed on its line") }
                text.unicodeScalars.append(scalar)
            }
            throw TOMLError(line: start, "a string is not closed")
        }

        /// true, false, an integer, a float or a date: read up to the next delimiter.
        mutating func bareValue() throws(TOMLError) -> TOMLValue {
            let start = line
            var text = ""
            while let scalar = peek, !" \t\r\n,]#".unicodeScalars.contains(scalar) {
                text.unicodeScalars.append(scalar)
                advance()
            }
            switch text {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "inf", "+inf", "-inf", "nan", "+nan", "-nan": throw TOMLError(line: start, "\(text) is not a usable number here")
            default: break
            }
            if let date = Self.date(text) { return .date(date) }
            if let integer = Self.integer(text) { return .integer(integer) }
            if let float = Self.float(text) { return .float(float) }
            if text.isEmpty { throw TOMLError(line: start, "a key needs a value after =") }
            throw TOMLError(line: start, "the value is not a number, true, false or a date: put text in double quotes")
        }

        /// Decimal, with an optional sign and underscores between digits.
        static func integer(_ text: String) -> Int64? {
            let signed = text.hasPrefix("+") || text.hasPrefix("-")
            guard let unsigned = underscoresRemoved(signed ? String(text.dropFirst()) : text, allowed: "0123456789") else { return nil }
            // TOML forbids leading zeros, so 0755 is not silently decimal.
            guard unsigned == "0" || !unsigned.hasPrefix("0") else { return nil }
            let digits = (text.hasPrefix("-") ? "-" : "") + unsigned
            return Int64(digits)
        }

        static func float(_ text: String) -> Double? {
            guard let digits = underscoresRemoved(text, allowed: "0123456789.eE+-"), digits.contains(where: { ".eE".contains($0) }) else { return nil }
            // A point needs digits on both sides (TOML): 1. and .5 are refused.
            let mantissa = digits.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
            if mantissa.contains(".") {
                let halves = mantissa.split(separator: ".", omittingEmptySubsequences: false)
                guard halves.count == 2, halves[0].last?.isNumber == true, halves[1].first?.isNumber == true else { return nil }
            }
            guard let value = Double(digits), value.isFinite else { return nil }
            return value
        }

        static func underscoresRemoved(_ text: String, allowed: String) -> String? {
            guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) || $0 == "_" }) else { return nil }
            // An underscore only between two digits.
            let characters = Array(text)
            for (offset, character) in characters.enumerated() where character == "_" {
                guard offset > 0, offset < characters.count - 1, characters[offset - 1].isNumber, characters[offset + 1].isNumber else { return nil }
            }
            return text.filter { $0 != "_" }
        }

        static func date(_ text: String) -> String? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }),
                let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            return text
        }
    }
}
