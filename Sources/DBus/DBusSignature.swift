/// Splits a signature into complete types: "sa{sv}x" -> ["s", "a{sv}", "x"].
enum DBusSignature {
    static let basic: Set<Character> = ["y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "h", "v"]

    static func completeTypes(_ signature: String) throws(DBusError) -> [String] {
        var types: [String] = []
        var rest = Substring(signature)
        while !rest.isEmpty {
            let length = try completeTypeLength(rest, depth: 0)
            types.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return types
    }

    /// Length of the single complete type at the start of `signature`.
    static func completeTypeLength(_ signature: Substring, depth: Int) throws(DBusError) -> Int {
        guard depth < 64, let first = signature.first else { throw .malformed("bad signature") }
        if basic.contains(first) { return 1 }
        switch first {
        case "a":
            return 1 + (try completeTypeLength(signature.dropFirst(), depth: depth + 1))
        case "(", "{":
            let close: Character = first == "(" ? ")" : "}"
            var offset = 1
            while true {
                let inner = signature.dropFirst(offset)
                guard let next = inner.first else { throw .malformed("unclosed \(first) in signature") }
                if next == close { return offset + 1 }
                offset += try completeTypeLength(inner, depth: depth + 1)
            }
        default:
            throw .malformed("unknown type code \(first) in signature")
        }
    }
}
