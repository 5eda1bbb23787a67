import Foundation
import SimulcastTesting

/// axe-core, the accessibility engine, from the `axe-playwright-python` package (PyPI), which
/// ships it as `axe.min.js`; `scripts/test.sh` installs it (without its dependencies) and
/// names the file in SIMULCAST_AXE_JS.
enum AxeCore {
    static var path: String? {
        guard let path = ProcessInfo.processInfo.environment["SIMULCAST_AXE_JS"], FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }
    static var available: Bool { path != nil || ProcessInfo.processInfo.environment["SIMULCAST_REQUIRE_SYSTEM_TESTS"] != nil }

    static func script() throws -> String {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    static func quoted(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }

    /// The page scanned as it is now, in the dark theme and in the light one (axe-core loaded
    /// into it first if it is not yet): the serious findings, each with its theme, or nil where
    /// axe-core is not installed. The page's own colour scheme is restored afterwards.
    static func scan(_ page: DevToolsPage) async throws -> [String]? {
        guard available else { return nil }
        if try await page.evaluate("typeof axe === 'undefined'", as: Bool.self) { try await page.run("eval(\(quoted(try script())))") }
        var findings: [String] = []
        for scheme in ["dark", "light"] {
            try await page.emulateColorScheme(scheme)
            findings += try await seriousFindings(page).map { "\(scheme): \($0)" }
        }
        try await page.emulateColorScheme(nil)
        return findings
    }

    /// Rule ids and the elements they found, for findings of serious or critical impact.
    static func seriousFindings(_ page: DevToolsPage) async throws -> [String] {
        try await page.evaluate(
            "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))",
            as: [String].self)
    }
}
