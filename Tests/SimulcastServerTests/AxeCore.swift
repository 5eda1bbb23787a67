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

    /// The page scanned as it is now (axe-core loaded into it first if it is not yet): the
    /// serious findings, or nil where axe-core is not installed.
    static func scan(_ page: DevToolsPage) async throws -> [String]? {
        guard available else { return nil }
        if try await page.evaluate("typeof axe === 'undefined'", as: Bool.self) { try await page.run("eval(\(quoted(try script())))") }
        return try await seriousFindings(page)
    }

    /// Rule ids and the elements they found, for findings of serious or critical impact.
    static func seriousFindings(_ page: DevToolsPage) async throws -> [String] {
        try await page.evaluate(
            "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))",
            as: [String].self)
    }
}
