/// A QR code symbol (ISO/IEC 18004) at error correction level M, versions 1–10: the smallest
/// version that holds the data, and the mask with the lowest penalty. Pure; `svg` draws it.
public struct QRCode: Hashable, Sendable {
    public let version: Int
    public let mask: Int
    /// Modules a side, without the quiet zone.
    public let size: Int
    private let modules: [Bool]

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The symbol for `text` (its UTF-8 bytes).
    public init(text: String) throws(QRCodeError) {
        try self.init(segment: .text(text))
    }

    /// `mask`: a given mask pattern (0–7) instead of the best.
    public init(segment: QRSegment, mask: Int? = nil) throws(QRCodeError) {
        guard segment.isValid else { throw .notDigits }
        guard let version = QRVersion.range.lazy.map(QRVersion.init).first(where: { segment.bitLength(version: $0.number) <= $0.dataCodewords * 8 }) else {
            let last = QRVersion(number: QRVersion.range.upperBound)
            throw .tooLong(bits: segment.bitLength(version: last.number), capacityBits: last.dataCodewords * 8)
        }
        var matrix = QRMatrix(version: version)
        matrix.drawCodewords(Self.codewords(data: Self.dataCodewords(segment, version: version), version: version))
        let chosen = mask ?? (0..<8).min { Self.penalty(of: matrix, mask: $0) < Self.penalty(of: matrix, mask: $1) } ?? 0
        matrix.applyMask(chosen)
        matrix.drawFormat(mask: chosen)
        self.version = version.number
        self.mask = chosen
        size = matrix.size
        modules = matrix.modules
    }

    private static func penalty(of matrix: QRMatrix, mask: Int) -> Int {
        var masked = matrix
        masked.applyMask(mask)
        masked.drawFormat(mask: mask)
        return QRMask.penalty({ masked[$0, $1] }, size: masked.size)
    }

    /// The data codewords: the segment, a terminator of up to four zeros, zeros to a byte
    /// boundary, then the pad bytes 11101100 and 00010001 in turn.
    static func dataCodewords(_ segment: QRSegment, version: QRVersion) -> [UInt8] {
        let capacity = version.dataCodewords * 8
        var buffer = QRBitBuffer()
        segment.append(to: &buffer, version: version.number)
        buffer.append(0, bits: min(4, capacity - buffer.count))
        buffer.append(0, bits: (8 - buffer.count % 8) % 8)
        var bytes = buffer.bytes
        var pad: UInt8 = 0xEC
        while bytes.count < version.dataCodewords {
            bytes.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return bytes
    }

    /// The data split into blocks, each followed by its error correction, interleaved: the
    /// first codeword of every block, then the second, and so on; then the same for the
    /// error correction codewords.
    static func codewords(data: [UInt8], version: QRVersion) -> [UInt8] {
        var blocks: [[UInt8]] = []
        var start = 0
        for length in version.blockDataLengths {
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let corrections = blocks.map { ReedSolomon.remainder(of: $0, count: version.correctionPerBlock) }
        var result: [UInt8] = []
        for i in 0..<(blocks.map(\.count).max() ?? 0) {
            for block in blocks where i < block.count { result.append(block[i]) }
        }
        for i in 0..<version.correctionPerBlock {
            for correction in corrections { result.append(correction[i]) }
        }
        return result
    }
}
