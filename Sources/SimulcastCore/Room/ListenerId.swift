/// A listener's connection as the room names it to others: drawn at random for each
/// connection (60 bits, so ids drawn on different nodes do not meet), shown in presence, and
/// the only thing an offer of the room is bound to. Unlike a display name, nobody can choose it.
/// Fifteen characters, not sixteen: a Swift string of up to 15 bytes is stored inline, so a
/// room of 10,000 keeps no heap allocation per id (16 cost 0.5 KiB per idle connection).
public enum ListenerId {
    static let length = 15

    /// Fifteen lowercase hex digits.
    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let value = (generator.next() as UInt64) >> 4
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: length - hex.count) + hex
    }

    /// Whether `raw` has the shape of an id (what a request may name), before any lookup.
    public static func isWellFormed(_ raw: String) -> Bool {
        raw.utf8.count == length && raw.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
