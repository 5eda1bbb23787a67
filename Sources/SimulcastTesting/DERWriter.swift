import Foundation

/// Just enough DER (ITU-T X.690) to write the test authority's certificates: each function
/// returns one complete element, so a certificate is built by nesting calls.
enum DERWriter {
    static func sequence(_ elements: [UInt8]...) -> [UInt8] { element(tag: 0x30, elements.flatMap { $0 }) }

    static func set(_ elements: [UInt8]...) -> [UInt8] { element(tag: 0x31, elements.flatMap { $0 }) }

    /// A context-specific constructed element (`[n] EXPLICIT`).
    static func explicit(_ number: UInt8, _ content: [UInt8]) -> [UInt8] { element(tag: 0xA0 | number, content) }

    /// A context-specific primitive element (`[n] IMPLICIT`), such as a name in subjectAltName.
    static func implicit(_ number: UInt8, _ content: [UInt8]) -> [UInt8] { element(tag: 0x80 | number, content) }

    static func boolean(_ value: Bool) -> [UInt8] { element(tag: 0x01, [value ? 0xFF : 0x00]) }

    /// A non-negative integer from its big-endian bytes (a leading zero is added when the top bit is set).
    static func integer(unsigned bytes: [UInt8]) -> [UInt8] {
        var content = Array(bytes.drop { $0 == 0 })
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return element(tag: 0x02, content)
    }

    static func integer(_ value: Int) -> [UInt8] {
        integer(unsigned: withUnsafeBytes(of: UInt64(value).bigEndian, Array.init))
    }

    static func bitString(_ bytes: [UInt8], unusedBits: UInt8 = 0) -> [UInt8] { element(tag: 0x03, [unusedBits] + bytes) }

    static func octetString(_ bytes: [UInt8]) -> [UInt8] { element(tag: 0x04, bytes) }

    static func utf8String(_ text: String) -> [UInt8] { element(tag: 0x0C, Array(text.utf8)) }

    /// An object identifier from its dotted form, e.g. "2.5.4.3".
    static func objectIdentifier(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").compactMap { UInt64($0) }
        precondition(arcs.count >= 2, "an object identifier has at least two arcs")
        var content: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var group: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += group
        }
        return element(tag: 0x06, content)
    }

    /// UTCTime until 2049, GeneralizedTime after, as RFC 5280 section 4.1.2.5 requires.
    static func time(_ date: Date) -> [UInt8] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = parts.year ?? 1970
        let rest = [parts.month, parts.day, parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined()
        if year < 2050 { return element(tag: 0x17, Array((String(format: "%02d", year % 100) + rest + "Z").utf8)) }
        return element(tag: 0x18, Array((String(format: "%04d", year) + rest + "Z").utf8))
    }

    static func element(tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// PEM armour: base64 in 64-character lines between BEGIN and END lines.
    static func pem(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----"
    }
}
