import Foundation
import QRCode
import SimulcastTesting
import Testing

/// Every version the encoder emits, read back by a decoder we did not write: Debian's
/// `zbarimg` (zbar-tools) on the SVG itself. One at a time: each zbarimg renders its SVG with
/// ImageMagick, and eighteen at once would starve the suite's real-time tests.
@Suite(.serialized, .enabled(if: SystemTests.zbar, "install zbar-tools for zbarimg"))
struct QRCodeDecodingTests {
    /// A room link padded to fill `version` at level M (its capacity in bytes).
    static func text(filling bytes: Int) -> String {
        let link = "https://simulcast.example/r/ABCD-EFGH?n="
        return link + String(repeating: "7", count: max(0, bytes - link.utf8.count))
    }

    @Test(arguments: [(1, 14), (2, 26), (3, 42), (4, 62), (5, 84), (6, 106), (7, 122), (8, 152), (9, 180), (10, 213)])
    func zbarimgReadsEveryVersion(version: Int, bytes: Int) throws {
        let text = bytes < 40 ? String("https://s.example/r/\(String(repeating: "A", count: 40))".prefix(bytes)) : Self.text(filling: bytes)
        let code = try QRCode(text: text)
        #expect(code.version == version)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-qr-\(UUID().uuidString.prefix(8)).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(code.svg(moduleSize: 4, title: "room link").utf8).write(to: file)
        let decoded = try QRReader.read(file)
        #expect(decoded == text, "version \(version), mask \(code.mask)")
    }

    /// Each mask pattern, forced, still reads back: the masks and the format bits agree.
    @Test(arguments: 0..<8)
    func zbarimgReadsEveryMask(mask: Int) throws {
        let text = "https://simulcast.example/r/WXYZ-2345"
        let code = try QRCode(segment: .text(text), mask: mask)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-qr-\(UUID().uuidString.prefix(8)).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(code.svg(moduleSize: 4, title: "room link").utf8).write(to: file)
        #expect(try QRReader.read(file) == text)
    }
}
