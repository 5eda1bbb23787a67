/// Writes D-Bus values in little-endian wire format. Alignment is relative to the start
/// of the message, which is where a writer starts.
struct DBusWireWriter {
    var bytes: [UInt8] = []

    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendString(_ text: String) {
        let utf8 = Array(text.utf8)
        append(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    mutating func appendSignature(_ signature: String) {
        let utf8 = Array(signature.utf8)
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    static func alignment(of signature: Substring) -> Int {
        switch signature.first {
        case "y", "g", "v": 1
        case "n", "q": 2
        case "b", "i", "u", "s", "o", "a", "h": 4
        default: 8  // x t d ( {
        }
    }

    mutating func write(_ value: DBusValue) throws(DBusError) {
        switch value {
        case .byte(let v): bytes.append(v)
        case .bool(let v): append(UInt32(v ? 1 : 0))
        case .int16(let v): append(v)
        case .uint16(let v): append(v)
        case .int32(let v): append(v)
        case .uint32(let v): append(v)
        case .int64(let v): append(v)
        case .uint64(let v): append(v)
        case .double(let v): append(v.bitPattern)
        case .string(let s), .objectPath(let s): appendString(s)
        case .signature(let s): appendSignature(s)
        case .unixFD(let v): append(v)
        case .variant(let inner):
            appendSignature(inner.signature)
            try write(inner)
        case .structure(let fields):
            pad(to: 8)
            for field in fields { try write(field) }
        case .dictEntry(let key, let value):
            pad(to: 8)
            try write(key)
            try write(value)
        case .array(let element, let items):
            pad(to: 4)
            let lengthAt = bytes.count
            append(UInt32(0))
            // The length excludes the padding before the first element.
            pad(to: Self.alignment(of: Substring(element)))
            let start = bytes.count
            for item in items {
                guard item.signature == element else { throw .malformed("array of \(element) holds a \(item.signature)") }
                try write(item)
            }
            let length = UInt32(bytes.count - start)
            guard length <= 64 * 1024 * 1024 else { throw .malformed("array over 64 MiB") }
            withUnsafeBytes(of: length.littleEndian) { raw in
                for (index, byte) in raw.enumerated() { bytes[lengthAt + index] = byte }
            }
        }
    }

    /// A whole message with the given serial.
    static func encode(_ message: DBusMessage, serial: UInt32) throws(DBusError) -> [UInt8] {
        var body = DBusWireWriter()
        for value in message.body { try body.write(value) }
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, message.path.map(DBusValue.objectPath))
        field(2, message.interface.map(DBusValue.string))
        field(3, message.member.map(DBusValue.string))
        field(4, message.errorName.map(DBusValue.string))
        field(5, message.replySerial.map(DBusValue.uint32))
        field(6, message.destination.map(DBusValue.string))
        field(7, message.sender.map(DBusValue.string))
        if !message.body.isEmpty { field(8, .signature(message.signature)) }
        var writer = DBusWireWriter()
        writer.bytes = [UInt8(ascii: "l"), message.kind.rawValue, message.flags, 1]
        writer.append(UInt32(body.bytes.count))
        writer.append(serial)
        try writer.write(.array(elementSignature: "(yv)", fields))
        writer.pad(to: 8)
        writer.bytes.append(contentsOf: body.bytes)
        return writer.bytes
    }
}
