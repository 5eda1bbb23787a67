/// A listener's connection as the room names it to others: drawn at random for each
/// connection (64 bits, so ids drawn on different nodes do not meet), shown in presence, and
/// the only thing an offer of the room is bound to. Unlike a display name, nobody can choose it.
public enum ListenerId {
    /// Sixteen lowercase hex digits.
    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `raw` has the shape of an id (what a request may name), before any lookup.
    public static func isWellFormed(_ raw: String) -> Bool {
        raw.utf8.count == 16 && raw.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
