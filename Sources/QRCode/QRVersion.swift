/// One QR version's geometry and, at error correction level M, its blocks: versions 1–10
/// (21 to 57 modules a side, up to 213 bytes), enough for any room link.
struct QRVersion: Hashable, Sendable {
    static let range = 1...10
    /// Error correction codewords per block and number of blocks at level M, versions 1–10 (ISO/IEC 18004, table 9).
    private static let correctionPerBlockM = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
    private static let blocksM = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5]

    let number: Int

    var size: Int { 17 + 4 * number }

    /// Modules left for data and error correction once every function pattern is drawn.
    var rawDataModules: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { modules -= 36 }
        }
        return modules
    }

    var totalCodewords: Int { rawDataModules / 8 }
    var correctionPerBlock: Int { Self.correctionPerBlockM[number - 1] }
    var blockCount: Int { Self.blocksM[number - 1] }
    var dataCodewords: Int { totalCodewords - correctionPerBlock * blockCount }

    /// Data codewords of each block: the short blocks first, then those one longer.
    var blockDataLengths: [Int] {
        let shortLength = totalCodewords / blockCount - correctionPerBlock
        let longBlocks = totalCodewords % blockCount
        return Array(repeating: shortLength, count: blockCount - longBlocks) + Array(repeating: shortLength + 1, count: longBlocks)
    }

    /// Centres of the alignment patterns along each axis.
    var alignmentCentres: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let step = (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        var position = size - 7
        for _ in 0..<(count - 1) {
            centres.insert(position, at: 1)
            position -= step
        }
        return centres
    }

    /// The 18-bit version information (versions 7 and up): the number and its BCH(18, 6) check.
    var information: Int {
        var remainder = number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return number << 12 | remainder
    }
}
