/// Writes 8-bit RGB pixels as a PNG file. Each row is Sub-filtered and the stream deflated
/// with the fixed Huffman code and distance-1 runs only: flat colour, which is all the
/// generated covers and icons hold, shrinks to a few bytes a row, and no zlib is needed.
enum PNGEncoder {
    /// `pixels`: `width * height * 3` bytes, rows top to bottom, red, green, blue.
    static func encode(width: Int, height: Int, rgb pixels: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixels do not fill \(width)×\(height)")
        var filtered: [UInt8] = []
        filtered.reserveCapacity(height * (width * 3 + 1))
        for row in 0..<height {
            let start = row * width * 3
            filtered.append(1)  // Sub: each byte less the one a pixel to its left
            for index in 0..<(width * 3) {
                let left = index >= 3 ? pixels[start + index - 3] : 0
                filtered.append(pixels[start + index] &- left)
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        file += chunk("IDAT", zlib(filtered))
        file += chunk("IEND", [])
        return file
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// A zlib stream: one final fixed-Huffman block of literals and distance-1 runs.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var index = 0
        while index < data.count {
            let byte = data[index]
            var run = 1
            while index + run < data.count, data[index + run] == byte, run < 259 { run += 1 }
            bits.writeLiteral(byte)
            // The rest of the run repeats the byte just written (distance 1), 3 to 258 at a time.
            var left = run - 1
            while left >= 3 {
                let length = min(left, 258)
                bits.writeRepeat(length: length)
                left -= length
            }
            for _ in 0..<left { bits.writeLiteral(byte) }
            index += run
        }
        bits.writeCode(0, length: 7)  // end of block (symbol 256)
        return [0x78, 0x01] + bits.finished + bigEndian(adler32(data))
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var filled = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push((value >> UInt32(bit)) & 1) }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { push((code >> UInt32(bit)) & 1) }
        }

        mutating func writeLiteral(_ byte: UInt8) {
            if byte < 144 { writeCode(0x30 + UInt32(byte), length: 8) } else { writeCode(0x190 + UInt32(byte) - 144, length: 9) }
        }

        /// A match of `length` (3...258) at distance 1.
        mutating func writeRepeat(length: Int) {
            let index = Self.lengthBases.lastIndex { $0 <= length } ?? 0
            let symbol = 257 + index
            if symbol < 280 { writeCode(UInt32(symbol - 256), length: 7) } else { writeCode(0xC0 + UInt32(symbol - 280), length: 8) }
            write(UInt32(length - Self.lengthBases[index]), count: Self.lengthExtraBits[index])
            writeCode(0, length: 5)  // distance code 0: distance 1
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(filled)
            filled += 1
            if filled == 8 { flush() }
        }

        private mutating func flush() {
            bytes.append(UInt8(current & 0xFF))
            current = 0
            filled = 0
        }

        var finished: [UInt8] {
            var copy = self
            if copy.filled > 0 { copy.flush() }
            return copy.bytes
        }

        static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    }
}
