/// What a symbol holds, in one mode: bytes (any text, as UTF-8) or digits (three to 10 bits,
/// the standard's worked example).
public enum QRSegment: Hashable, Sendable {
    case bytes([UInt8])
    case numeric(String)

    /// Bytes for a text, as UTF-8.
    public static func text(_ text: String) -> QRSegment { .bytes(Array(text.utf8)) }

    var modeIndicator: Int {
        switch self {
        case .bytes: 0b0100
        case .numeric: 0b0001
        }
    }

    var characterCount: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .numeric(let digits): digits.count
        }
    }

    /// Bits of the character count in `version`.
    func countBits(version: Int) -> Int {
        switch self {
        case .bytes: version <= 9 ? 8 : 16
        case .numeric: version <= 9 ? 10 : 12
        }
    }

    /// Mode, count and data: the segment's whole length in bits in `version`.
    func bitLength(version: Int) -> Int {
        let data: Int
        switch self {
        case .bytes(let bytes): data = bytes.count * 8
        case .numeric(let digits): data = digits.count / 3 * 10 + [0, 4, 7][digits.count % 3]
        }
        return 4 + countBits(version: version) + data
    }

    func append(to buffer: inout QRBitBuffer, version: Int) {
        buffer.append(modeIndicator, bits: 4)
        buffer.append(characterCount, bits: countBits(version: version))
        switch self {
        case .bytes(let bytes):
            for byte in bytes { buffer.append(Int(byte), bits: 8) }
        case .numeric(let digits):
            let values = digits.compactMap(\.wholeNumberValue)
            for start in stride(from: 0, to: values.count, by: 3) {
                let group = values[start..<min(start + 3, values.count)]
                buffer.append(group.reduce(0) { $0 * 10 + $1 }, bits: [0, 4, 7, 10][group.count])
            }
        }
    }

    var isValid: Bool {
        switch self {
        case .bytes: true
        case .numeric(let digits): digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
