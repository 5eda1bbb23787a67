/// Reads D-Bus values from a message's bytes in either byte order, checking every length
/// against what is there: a peer's garbage becomes `DBusError.malformed`, never a crash.
struct DBusWireReader {
    let bytes: [UInt8]
    let bigEndian: Bool
    var offset: Int

    init(bytes: [UInt8], bigEndian: Bool, offset: Int = 0) {
        self.bytes = bytes
        self.bigEndian = bigEndian
        self.offset = offset
    }

    mutating func align(_ alignment: Int) throws(DBusError) {
        let next = (offset + alignment - 1) / alignment * alignment
        guard next <= bytes.count else { throw .malformed("truncated") }
        offset = next
    }

    mutating func take(_ count: Int) throws(DBusError) -> ArraySlice<UInt8> {
        guard count >= 0, offset + count <= bytes.count else { throw .malformed("truncated") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(DBusError) -> T {
        try align(MemoryLayout<T>.size)
        let slice = try take(MemoryLayout<T>.size)
        var value: T = 0
        if bigEndian {
            for byte in slice { value = value << 8 | T(truncatingIfNeeded: byte) }
        } else {
            for byte in slice.reversed() { value = value << 8 | T(truncatingIfNeeded: byte) }
        }
        return value
    }

    mutating func string() throws(DBusError) -> String {
        let length = Int(try integer(UInt32.self))
        let text = try take(length)
        guard try take(1).first == 0 else { throw .malformed("string without its terminator") }
        guard let decoded = String(validating: text, as: UTF8.self) else { throw .malformed("string not UTF-8") }
        return decoded
    }

    mutating func signature() throws(DBusError) -> String {
        let length = Int(try take(1).first!)
        let text = try take(length)
        guard try take(1).first == 0 else { throw .malformed("signature without its terminator") }
        return String(decoding: text, as: UTF8.self)
    }

    mutating func read(_ type: Substring, depth: Int = 0) throws(DBusError) -> DBusValue {
        guard depth < 64, let code = type.first else { throw .malformed("nesting too deep") }
        switch code {
        case "y": return .byte(try take(1).first!)
        case "b":
            let raw = try integer(UInt32.self)
            guard raw <= 1 else { throw .malformed("boolean \(raw)") }
            return .bool(raw == 1)
        case "n": return .int16(try integer(Int16.self))
        case "q": return .uint16(try integer(UInt16.self))
        case "i": return .int32(try integer(Int32.self))
        case "u": return .uint32(try integer(UInt32.self))
        case "h": return .unixFD(try integer(UInt32.self))
        case "x": return .int64(try integer(Int64.self))
        case "t": return .uint64(try integer(UInt64.self))
        case "d": return .double(Double(bitPattern: try integer(UInt64.self)))
        case "s": return .string(try string())
        case "o": return .objectPath(try string())
        case "g": return .signature(try signature())
        case "v":
            let inner = try signature()
            let types = try DBusSignature.completeTypes(inner)
            guard types.count == 1 else { throw .malformed("variant signature \(inner)") }
            return .variant(try read(Substring(types[0]), depth: depth + 1))
        case "a":
            let length = Int(try integer(UInt32.self))
            guard length <= 64 * 1024 * 1024 else { throw .malformed("array over 64 MiB") }
            let element = type.dropFirst()
            try align(DBusWireWriter.alignment(of: element))
            let end = offset + length
            guard end <= bytes.count else { throw .malformed("truncated array") }
            var items: [DBusValue] = []
            while offset < end { items.append(try read(element, depth: depth + 1)) }
            guard offset == end else { throw .malformed("array length mismatch") }
            return .array(elementSignature: String(element), items)
        case "(", "{":
            try align(8)
            let inner = type.dropFirst().dropLast()
            let types = try DBusSignature.completeTypes(String(inner))
            var fields: [DBusValue] = []
            for field in types { fields.append(try read(Substring(field), depth: depth + 1)) }
            if code == "{" {
                guard fields.count == 2 else { throw .malformed("dict entry with \(fields.count) fields") }
                return .dictEntry(fields[0], fields[1])
            }
            return .structure(fields)
        default:
            throw .malformed("unknown type \(code)")
        }
    }

    /// The total size of the message starting at `bytes[0]`, once its fixed header is in, or
    /// nil when more bytes are needed.
    static func messageLength(_ bytes: ArraySlice<UInt8>) throws(DBusError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let start = bytes.startIndex
        let big: Bool
        switch bytes[start] {
        case UInt8(ascii: "l"): big = false
        case UInt8(ascii: "B"): big = true
        default: throw .malformed("bad byte-order mark")
        }
        func u32(_ at: Int) -> Int {
            let b = bytes[(start + at)..<(start + at + 4)].map(Int.init)
            return big ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        let bodyLength = u32(4)
        let fieldsLength = u32(12)
        guard bodyLength <= 128 * 1024 * 1024, fieldsLength <= 64 * 1024 * 1024 else { throw .malformed("message too large") }
        let headerEnd = (16 + fieldsLength + 7) / 8 * 8
        return headerEnd + bodyLength
    }

    static func decode(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        guard bytes.count >= 16 else { throw .malformed("short header") }
        var reader = DBusWireReader(bytes: bytes, bigEndian: bytes[0] == UInt8(ascii: "B"), offset: 1)
        guard let kind = DBusMessage.Kind(rawValue: try reader.take(1).first!) else { throw .malformed("unknown message type") }
        let flags = try reader.take(1).first!
        guard try reader.take(1).first == 1 else { throw .malformed("protocol version") }
        let bodyLength = Int(try reader.integer(UInt32.self))
        let serial = try reader.integer(UInt32.self)
        guard case .array(_, let fields) = try reader.read("a(yv)") else { throw .malformed("header fields") }
        try reader.align(8)
        guard reader.offset + bodyLength == bytes.count else { throw .malformed("body length") }
        var message = DBusMessage(kind: kind)
        message.flags = flags
        message.serial = serial
        var signature = ""
        for field in fields {
            guard case .structure(let parts) = field, parts.count == 2, case .byte(let code) = parts[0] else { continue }
            let value = parts[1].unwrapped
            switch code {
            case 1: message.path = value.string
            case 2: message.interface = value.string
            case 3: message.member = value.string
            case 4: message.errorName = value.string
            case 5: if case .uint32(let v) = value { message.replySerial = v }
            case 6: message.destination = value.string
            case 7: message.sender = value.string
            case 8: signature = value.string ?? ""
            default: continue
            }
        }
        for type in try DBusSignature.completeTypes(signature) {
            message.body.append(try reader.read(Substring(type)))
        }
        guard reader.offset == bytes.count else { throw .malformed("trailing bytes in body") }
        return message
    }
}
