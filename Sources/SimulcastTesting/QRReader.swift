import Foundation

/// Debian's `zbarimg` (zbar-tools) reading one QR code from an image file (SVG included),
/// for tests that check a code with a decoder we did not write.
public enum QRReader {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "zbarimg is not installed (Debian: zbar-tools)" }
    }

    /// The code's text (its bytes, unconverted), or nil when zbarimg found none.
    public static func read(_ file: URL) throws -> String? {
        guard let zbarimg = SystemTests.zbarimg else { throw Missing() }
        let process = Process()
        process.executableURL = zbarimg
        process.arguments = ["--nodbus", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
