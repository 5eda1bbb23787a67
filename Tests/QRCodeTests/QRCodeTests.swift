import Foundation
import Testing

@testable import QRCode

/// The encoder against ISO/IEC 18004's worked examples and its capacity tables.
@Suite struct QRCodeTests {
    static func hex(_ text: String) -> [UInt8] { text.split(separator: " ").map { UInt8($0, radix: 16)! } }

    /// Annex I: "01234567" in numeric mode, version 1-M. Its data codewords, then the ten
    /// error correction codewords the standard computes for them.
    @Test func theStandardsSymbolEncodingExample() {
        let version = QRVersion(number: 1)
        let data = QRCode.dataCodewords(.numeric("01234567"), version: version)
        #expect(data == Self.hex("10 20 0C 56 61 80 EC 11 EC 11 EC 11 EC 11 EC 11"))
        #expect(ReedSolomon.remainder(of: data, count: 10) == Self.hex("A5 24 D4 C1 ED 36 C7 87 2C 55"))
        #expect(QRCode.codewords(data: data, version: version) == data + Self.hex("A5 24 D4 C1 ED 36 C7 87 2C 55"))
    }

    /// Annex C's example (level M, mask 101 → 100000011001110) and the rest of level M's row of table C.1.
    @Test(arguments: [
        (0, "101010000010010"), (1, "101000100100101"), (2, "101111001111100"), (3, "101101101001011"),
        (4, "100010111111001"), (5, "100000011001110"), (6, "100111110010111"), (7, "100101010100000"),
    ])
    func formatInformation(mask: Int, bits: String) {
        #expect(QRFormat.bits(mask: mask) == Int(bits, radix: 2))
    }

    /// Annex D's example (version 7 → 000111110010010100) and versions 8–10 of table D.1.
    @Test(arguments: [(7, 0x07C94), (8, 0x085BC), (9, 0x09A99), (10, 0x0A4D3)])
    func versionInformation(version: Int, bits: Int) {
        #expect(QRVersion(number: version).information == bits)
    }

    /// Table 7: bytes each version holds at level M; and the blocks of table 9.
    @Test(arguments: [
        (1, 14, 26, [16]), (2, 26, 44, [28]), (3, 42, 70, [44]), (4, 62, 100, [32, 32]), (5, 84, 134, [43, 43]),
        (6, 106, 172, [27, 27, 27, 27]), (7, 122, 196, [31, 31, 31, 31]), (8, 152, 242, [38, 38, 39, 39]),
        (9, 180, 292, [36, 36, 36, 37, 37]), (10, 213, 346, [43, 43, 43, 43, 44]),
    ])
    func capacities(version: Int, bytes: Int, codewords: Int, blocks: [Int]) throws {
        let qrVersion = QRVersion(number: version)
        #expect(qrVersion.totalCodewords == codewords)
        #expect(qrVersion.blockDataLengths == blocks)
        let full = try QRCode(text: String(repeating: "a", count: bytes))
        #expect(full.version == version)
        #expect(full.size == 17 + 4 * version)
        if version < 10 { #expect(try QRCode(text: String(repeating: "a", count: bytes + 1)).version == version + 1) }
    }

    /// Annex E: where alignment patterns are centred.
    @Test(arguments: [(1, [Int]()), (2, [6, 18]), (6, [6, 34]), (7, [6, 22, 38]), (9, [6, 26, 46]), (10, [6, 28, 50])])
    func alignmentCentres(version: Int, centres: [Int]) {
        #expect(QRVersion(number: version).alignmentCentres == centres)
    }

    @Test func tooMuchIsAClearErrorAndDigitsAreDigits() {
        #expect(throws: QRCodeError.tooLong(bits: 4 + 16 + 214 * 8, capacityBits: 216 * 8)) { try QRCode(text: String(repeating: "a", count: 214)) }
        #expect(throws: QRCodeError.notDigits) { try QRCode(segment: .numeric("12a")) }
    }

    /// The fixed patterns where a reader looks for them: finders, timing, the dark module.
    @Test func functionPatternsAreInPlace() throws {
        let code = try QRCode(text: "https://simulcast.example/r/ABCD-EFGH")
        let n = code.size
        for (x, y) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            #expect((0..<7).allSatisfy { code[x + $0, y] && code[x + $0, y + 6] && code[x, y + $0] && code[x + 6, y + $0] })
            #expect(!code[x + 1, y + 1] && code[x + 3, y + 3])
        }
        #expect((8..<(n - 8)).allSatisfy { code[$0, 6] == ($0 % 2 == 0) && code[6, $0] == ($0 % 2 == 0) })
        #expect(code[8, n - 8])
    }

    @Test func theSVGIsOneFileWithItsTitleEscaped() throws {
        let svg = try QRCode(text: "x").svg(title: "Room <A&B>")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<title>Room &lt;A&amp;B&gt;</title>"))
        #expect(svg.contains("width=\"232\" height=\"232\" viewBox=\"0 0 232 232\""))
    }
}
