import Foundation
import Testing

/// A file of the pages that the Swift writes (`Web/constants.js`, `Web/types/wire.d.ts`):
/// rewritten when `SIMULCAST_WRITE_WEB_CONSTANTS=1`, else compared with the committed one, so a
/// Swift change that was not regenerated (or a hand edit) fails.
enum GeneratedWebFile {
    static func expectCommitted(_ generated: String, at file: URL, regenerate command: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["SIMULCAST_WRITE_WEB_CONSTANTS"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == generated, "\(file.lastPathComponent) differs from what the Swift generates; regenerate it: \(command)", sourceLocation: sourceLocation
        )
    }
}
