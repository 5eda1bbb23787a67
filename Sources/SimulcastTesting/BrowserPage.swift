/// A page in a browser the tests drive: Chromium through DevTools (`DevToolsPage`) or WebKit
/// through WebDriver (`WebKitPage`). The listener flows run the same checks through either.
public protocol BrowserPage: Sendable {
    /// Evaluates an expression in the page (promises awaited) and decodes its JSON value.
    func evaluate<T: Decodable & Sendable>(_ expression: String, as type: T.Type) async throws -> T
    /// Runs `statement` in the page for its effect (promises awaited).
    func run(_ statement: String) async throws
    /// Polls `expression` until it is truthy or the time is up; returns its value.
    func waitFor<T: Decodable & Sendable>(_ expression: String, as type: T.Type, seconds: Double?) async throws -> T
    /// A click a person makes (trusted input, a user activation) on the first visible match.
    func click(_ selector: String) async throws
    func close() async
}

extension DevToolsPage: BrowserPage {}
