import Testing

@testable import SimulcastServer

/// The PNG writer, read back by a small inflater of our own (fixed Huffman blocks, which is
/// all the writer makes), so the test needs no image library.
@Suite struct PNGEncoderTests {
    /// A PNG's chunks: type, data, and whether the CRC holds.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], crcHolds: Bool)] {
        var chunks: [(String, [UInt8], Bool)] = []
        var offset = 8
        func word(_ at: Int) -> UInt32 { png[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        while offset + 12 <= png.count {
            let length = Int(word(offset))
            let typed = Array(png[offset + 4..<offset + 8 + length])
            let crc = word(offset + 8 + length)
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4)), PNGEncoder.crc32(typed) == crc))
            offset += 12 + length
        }
        return chunks
    }

    /// Inflates a zlib stream of fixed-Huffman blocks; nil for anything else or a broken stream.
    static func inflate(_ stream: [UInt8]) -> [UInt8]? {
        guard stream.count > 6, stream[0] == 0x78, (UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0 else { return nil }
        var bitIndex = 16
        func bit() -> UInt32? {
            guard bitIndex / 8 < stream.count - 4 else { return nil }
            defer { bitIndex += 1 }
            return UInt32(stream[bitIndex / 8] >> (bitIndex % 8)) & 1
        }
        func bits(_ count: Int) -> UInt32? {
            var value: UInt32 = 0
            for index in 0..<count {
                guard let next = bit() else { return nil }
                value |= next << UInt32(index)
            }
            return value
        }
        func code(_ length: Int) -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<length {
                guard let next = bit() else { return nil }
                value = value << 1 | next
            }
            return value
        }
        /// A literal/length symbol of the fixed code.
        func symbol() -> Int? {
            guard var value = code(7) else { return nil }
            if value <= 0x17 { return Int(value) + 256 }
            guard let eighth = bit() else { return nil }
            value = value << 1 | eighth
            if value >= 0x30 && value <= 0xBF { return Int(value) - 0x30 }
            if value >= 0xC0 && value <= 0xC7 { return Int(value) - 0xC0 + 280 }
            guard let ninth = bit() else { return nil }
            value = value << 1 | ninth
            return value >= 0x190 && value <= 0x1FF ? Int(value) - 0x190 + 144 : nil
        }
        let lengthBases = PNGEncoder.BitWriter.lengthBases
        let lengthExtra = PNGEncoder.BitWriter.lengthExtraBits
        let distanceBases = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        var output: [UInt8] = []
        var final = false
        while !final {
            guard let last = bits(1), let type = bits(2), type == 1 else { return nil }
            final = last == 1
            while true {
                guard let next = symbol() else { return nil }
                if next < 256 {
                    output.append(UInt8(next))
                } else if next == 256 {
                    break
                } else {
                    let index = next - 257
                    guard index < lengthBases.count, let extra = bits(lengthExtra[index]), let distanceCode = code(5), distanceCode < 30 else { return nil }
                    let length = lengthBases[index] + Int(extra)
                    let distanceExtra = max(0, Int(distanceCode) / 2 - 1)
                    guard let more = bits(distanceExtra) else { return nil }
                    let distance = distanceBases[Int(distanceCode)] + Int(more)
                    guard distance <= output.count else { return nil }
                    for _ in 0..<length { output.append(output[output.count - distance]) }
                }
            }
        }
        let adler = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return PNGEncoder.adler32(output) == adler ? output : nil
    }

    /// The RGB pixels of a PNG this writer made (Sub-filtered rows), decoded back.
    static func decode(_ png: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
        let chunks = Self.chunks(png)
        guard chunks.allSatisfy(\.crcHolds), chunks.map(\.type) == ["IHDR", "IDAT", "IEND"] else { return nil }
        let header = chunks[0].data
        let width = Int(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let height = Int(header[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        guard Array(header[8...]) == [8, 2, 0, 0, 0], let filtered = inflate(chunks[1].data), filtered.count == height * (width * 3 + 1) else { return nil }
        var rgb: [UInt8] = []
        for row in 0..<height {
            let start = row * (width * 3 + 1)
            guard filtered[start] == 1 else { return nil }
            for index in 0..<(width * 3) {
                let left = index >= 3 ? rgb[rgb.count - 3] : 0
                rgb.append(filtered[start + 1 + index] &+ left)
            }
        }
        return (width, height, rgb)
    }

    @Test func aPictureReadsBackPixelForPixel() throws {
        // Flat runs, a gradient and noise: literals, short runs and runs longer than 258.
        let width = 300
        let height = 7
        var rgb: [UInt8] = []
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                switch y {
                case 0, 1: rgb += [16, 20, 24]
                case 2: rgb += [UInt8(x % 256), UInt8(255 - x % 256), 7]
                default:
                    seed = seed &* 1_103_515_245 &+ 12_345
                    rgb += [UInt8(seed >> 24), UInt8(seed >> 16 & 0xFF), x % 50 < 25 ? 0 : 255]
                }
            }
        }
        let png = PNGEncoder.encode(width: width, height: height, rgb: rgb)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try #require(Self.decode(png))
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.rgb == rgb)
    }

    @Test func theCRCIsTheStandardOne() {
        // The CRC-32 of "IEND" with no data, as every PNG file ends.
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func aCardOfFlatColourIsSmall() throws {
        let cover = CoverArt(seed: "K7PQ2MXR9T")
        let png = cover.png(width: 1200, height: 630)
        #expect(png.count < 80_000, "\(png.count) bytes")
        let decoded = try #require(Self.decode(png))
        #expect(decoded.rgb == cover.pixels(width: 1200, height: 630))
    }
}
