import Catalogs
import Foundation
import ServiceHTTP

/// The page in a WebKit window, through the W3C WebDriver protocol over HTTP.
public actor WebKitPage: BrowserPage {
    let base: String
    private var closed = false

    init(base: String) { self.base = base }

    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// One WebDriver command with a JSON body; returns the whole answer (its `value` holds
    /// the result), or throws the driver's error.
    static func call(_ base: String, _ method: String, _ path: String, json: Data?) async throws -> Data {
        let request = TransportRequest(method: method, url: base + path, headers: [("Content-Type", "application/json")], body: json)
        let response = try await NIOHTTPTransport.live.send(request, within: .seconds(60))
        if response.status >= 400 {
            let value = ((try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any])?["value"] as? [String: Any]
            let error = value.map { "\($0["error"] ?? "?"): \($0["message"] ?? "")" } ?? "HTTP \(response.status)"
            throw DevToolsPage.ProtocolError(description: "WebDriver \(path): \(error)")
        }
        return response.body
    }

    /// The `value` of an answer, as a dictionary (what most commands return).
    static func value(_ answer: Data) -> [String: Any]? {
        ((try? JSONSerialization.jsonObject(with: answer)) as? [String: Any])?["value"] as? [String: Any]
    }

    func command(_ method: String, _ path: String, _ body: [String: any Sendable]? = nil) async throws -> Data {
        try await Self.call(base, method, path, json: try body.map { try JSONSerialization.data(withJSONObject: $0) })
    }

    func setWindow(width: Int, height: Int) async throws {
        _ = try await command("POST", "/window/rect", ["width": width, "height": height])
    }

    public func navigate(_ url: String) async throws {
        _ = try await command("POST", "/url", ["url": url])
    }

    public func evaluate<T: Decodable & Sendable>(_ expression: String, as type: T.Type = T.self) async throws -> T {
        // The last argument of an async script is its callback; errors come back as values.
        let script = """
            const done = arguments[arguments.length - 1];
            (async () => JSON.stringify(await (\(expression))))().then((json) => done({json}), (e) => done({error: String((e && e.stack) || e)}));
            """
        let value = Self.value(try await command("POST", "/execute/async", ["script": script, "args": [String]()]))
        if let error = value?["error"] as? String { throw DevToolsPage.ProtocolError(description: "script failed: \(error)") }
        guard let json = value?["json"] as? String else { throw DevToolsPage.ProtocolError(description: "no value from \(expression.prefix(80))") }
        return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// WebDriver's Element Click: the driver moves the pointer and clicks, which the page
    /// receives as trusted input with a user activation.
    public func click(_ selector: String) async throws {
        let quoted = String(decoding: try JSONEncoder().encode(selector), as: UTF8.self)
        _ = try await waitFor("(() => { const e = document.querySelector(\(quoted)); return !!e && e.offsetParent !== null; })()", as: Bool.self, seconds: nil)
        let found = Self.value(try await command("POST", "/element", ["using": "css selector", "value": selector]))
        guard let id = found?[Self.elementKey] as? String else { throw DevToolsPage.ProtocolError(description: "no element \(selector)") }
        _ = try await command("POST", "/element/\(id)/click", [String: String]())
    }

    /// A real click on the one visible button whose visible name is `name`, found as a person
    /// finds it (WebDriver's XPath over the button's text), never by id.
    public func click(buttonNamed name: String) async throws {
        let quoted = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
        _ = try await waitFor(
            "Array.from(document.querySelectorAll('button')).some(b => b.textContent.trim() === \(quoted) && b.offsetParent !== null)", as: Bool.self,
            seconds: nil)
        let xpath = "//button[normalize-space(.)=\(Self.xpathLiteral(name))]"
        let found = Self.value(try await command("POST", "/element", ["using": "xpath", "value": xpath]))
        guard let id = found?[Self.elementKey] as? String else { throw DevToolsPage.ProtocolError(description: "no button named \(name)") }
        _ = try await command("POST", "/element/\(id)/click", [String: String]())
    }

    /// A string as an XPath 1.0 literal (which has no escapes: a quote of the other kind).
    static func xpathLiteral(_ text: String) -> String {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        return "concat('" + text.replacingOccurrences(of: "'", with: "', \"'\", '") + "')"
    }

    public func close() async {
        guard !closed else { return }
        closed = true
        _ = try? await command("DELETE", "")
    }
}
