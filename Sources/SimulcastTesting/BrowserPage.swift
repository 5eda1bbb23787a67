import Foundation

/// A page in a browser the tests drive: Chromium through DevTools (`DevToolsPage`) or WebKit
/// through WebDriver (`WebKitPage`). The listener flows run the same checks through either.
public protocol BrowserPage: Sendable {
    /// Evaluates an expression in the page (promises awaited) and decodes its JSON value.
    func evaluate<T: Decodable & Sendable>(_ expression: String, as type: T.Type) async throws -> T
    /// A click a person makes (trusted input, a user activation) on the first visible match.
    func click(_ selector: String) async throws
    func close() async
}

extension BrowserPage {
    /// Runs `statement` in the page for its effect (promises awaited).
    public func run(_ statement: String) async throws {
        _ = try await evaluate("(\(statement), true)", as: Bool.self)
    }

    /// Polls `expression` until it is truthy or the time is up; returns its value. Without
    /// `seconds` it waits `Patience.event` for something that will happen (a page's next
    /// queue under a CPU hog took more than the 10 s this used to be); a test that measures a
    /// bound names its seconds.
    public func waitFor<T: Decodable & Sendable>(_ expression: String, as type: T.Type = T.self, seconds: Double? = nil) async throws -> T {
        let deadline = ContinuousClock.now + (seconds.map { .milliseconds(Int64($0 * 1000)) } ?? Patience.event)
        var last = "never evaluated"
        while ContinuousClock.now < deadline {
            do {
                if try await evaluate("!!(\(expression))", as: Bool.self) { return try await evaluate(expression, as: T.self) }
                last = "falsy"
            } catch {
                last = "\(error)"
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw DevToolsPage.ProtocolError(description: "timed out waiting for \(expression) (\(last))")
    }
}

extension DevToolsPage: BrowserPage {}
