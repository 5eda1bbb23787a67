import Foundation
import SimulcastClient

/// One tab under the Chrome DevTools protocol: JSON commands with ids over a WebSocket,
/// answered in any order. Enough for tests: evaluate script, take screenshots.
public actor DevToolsPage {
    public struct ProtocolError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    private var nextId = 0
    private var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
    private var outbox: AsyncStream<String>.Continuation?
    private var connection: Task<Void, any Error>?

    static func connect(_ url: String) async throws -> DevToolsPage {
        let page = DevToolsPage()
        await page.start(url)
        // The first command waits until the socket is open.
        _ = try await page.send("Runtime.enable")
        return page
    }

    private func start(_ url: String) {
        let (messages, outbox) = AsyncStream<String>.makeStream()
        self.outbox = outbox
        connection = Task {
            do {
                try await self.session(url, messages: messages)
                self.failAll("the DevTools connection closed")
            } catch {
                self.failAll("the DevTools connection failed: \(error)")
                throw error
            }
        }
    }

    private nonisolated func session(_ url: String, messages: AsyncStream<String>) async throws {
        try await WebSocketConnection.open(url, maximumMessageBytes: 1 << 26) { inbound, outbound in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in messages { try await outbound.write(message) }
                }
                for try await text in inbound { await self.receive(Data(text.utf8)) }
                group.cancelAll()
            }
        }
    }

    private func receive(_ data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let id = object["id"] as? Int,
            let continuation = waiting.removeValue(forKey: id)
        else { return }  // events: not used
        if let error = object["error"] as? [String: Any] {
            continuation.resume(throwing: ProtocolError(description: "\(error["message"] ?? "error")"))
        } else {
            let result = (try? JSONSerialization.data(withJSONObject: object["result"] ?? [:])) ?? Data("{}".utf8)
            continuation.resume(returning: result)
        }
    }

    private func failAll(_ why: String) {
        for continuation in waiting.values { continuation.resume(throwing: ProtocolError(description: why)) }
        waiting = [:]
    }

    /// How long one command may go unanswered: a page that never settles a promise it was asked
    /// to await (an animation frame in a tab behind another) fails the test with the command's
    /// name instead of hanging the run.
    public static let commandDeadline: Duration = .seconds(120)

    /// Sends a command; returns its `result` object as JSON.
    @discardableResult
    public func send(_ method: String, _ params: [String: any Sendable] = [:]) async throws -> Data {
        nextId += 1
        let id = nextId
        let text = String(decoding: try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params]), as: UTF8.self)
        let deadline = Task { [weak self] in
            try await Task.sleep(for: Self.commandDeadline)
            await self?.expire(id, method)
        }
        defer { deadline.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            waiting[id] = continuation
            outbox?.yield(text)
        }
    }

    private func expire(_ id: Int, _ method: String) {
        waiting.removeValue(forKey: id)?.resume(throwing: ProtocolError(description: "\(method) got no answer within \(Self.commandDeadline)"))
    }

    /// Evaluates an expression in the page (promises awaited) and decodes its JSON value.
    public func evaluate<T: Decodable & Sendable>(_ expression: String, as type: T.Type = T.self) async throws -> T {
        let wrapped = "(async () => JSON.stringify(await (\(expression))))()"
        let result = try await send("Runtime.evaluate", ["expression": wrapped, "awaitPromise": true, "returnByValue": true])
        let answer = (try JSONSerialization.jsonObject(with: result)) as? [String: Any] ?? [:]
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
            throw ProtocolError(description: "script failed: \(thrown ?? exception["text"] as? String ?? "?")")
        }
        guard let json = (answer["result"] as? [String: Any])?["value"] as? String else {
            throw ProtocolError(description: "no value from \(expression.prefix(80))")
        }
        return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// A real click (mouse pressed and released at the element's centre, trusted input that
    /// gives the page a user activation), on the first visible element `selector` matches, once
    /// it stays put and nothing covers its centre, as `click(role:name:)` waits (a page still
    /// filling in moves what a click measured a moment before).
    public func click(_ selector: String) async throws {
        let quoted = String(decoding: try JSONEncoder().encode(selector), as: UTF8.self)
        try await clickWhenSettled(selector) { first in
            try await self.waitFor(
                """
                (() => { const e = document.querySelector(\(quoted)); if (!e || e.offsetParent === null) return null;
                  if (\(first)) e.scrollIntoView({block: 'center'});
                  const r = e.getBoundingClientRect(); const p = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                  const hit = !!p && (p === e || e.contains(p) || (!!e.labels && [...e.labels].some((l) => l.contains(p))));
                  return {x: r.x, y: r.y, width: r.width, height: r.height, hit}; })()
                """, as: ControlSpot.self)
        }
    }

    /// A real key press (Tab, Enter, ...): trusted keyboard input, as a person without a
    /// mouse gives it.
    public func press(_ key: String) async throws {
        let codes = ["Tab": 9, "Enter": 13, "Escape": 27, "Space": 32, "ArrowLeft": 37, "ArrowRight": 39]
        var event: [String: any Sendable] = ["key": key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0]
        if key == "Enter" { event["text"] = "\r" }
        for type in ["keyDown", "keyUp"] {
            var sent = event
            sent["type"] = type
            if type == "keyUp" { sent["text"] = nil }
            try await send("Input.dispatchKeyEvent", sent)
        }
    }

    /// Text typed into the focused element, as a keyboard's input method inserts it.
    /// Makes this tab the one in front (as a person switching tabs would).
    public func bringToFront() async throws {
        _ = try await send("Page.bringToFront")
    }

    public func type(_ text: String) async throws {
        try await send("Input.insertText", ["text": text])
    }

    /// The colour scheme the page's CSS sees (`prefers-color-scheme`): "light" or "dark"; nil
    /// gives the browser's own back.
    public func emulateColorScheme(_ scheme: String?) async throws {
        _ = try await send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme ?? ""]]])
    }

    /// Another browser's user agent (an app's own browser, Chrome on iPhone), as the page's
    /// `navigator.userAgent` sees it from the next load.
    public func emulateUserAgent(_ userAgent: String) async throws {
        try await send("Emulation.setUserAgentOverride", ["userAgent": userAgent])
    }

    /// A 1280×800 desktop window: no touch, a desktop browser's user agent.
    public func emulateDesktop(width: Int = 1280, height: Int = 800) async throws {
        try await send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try await send(
            "Emulation.setUserAgentOverride",
            ["userAgent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"])
    }

    /// A 390×844 phone: mobile viewport and a phone browser's user agent (Chrome on Android:
    /// the engine really is Chromium, so no Safari is claimed).
    public func emulatePhone(width: Int = 390, height: Int = 844) async throws {
        try await send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 2, "mobile": true])
        try await send(
            "Emulation.setUserAgentOverride",
            ["userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"])
    }

    /// Script that runs in every document this tab loads, before the page's own.
    public func addInitScript(_ source: String) async throws {
        try await send("Page.enable")
        try await send("Page.addScriptToEvaluateOnNewDocument", ["source": source])
    }

    public func navigate(_ url: String) async throws {
        try await send("Page.navigate", ["url": url])
    }

    /// A PNG of the viewport.
    public func screenshot() async throws -> Data {
        struct Shot: Decodable { var data: String }
        let result = try await send("Page.captureScreenshot", ["format": "png"])
        guard let data = Data(base64Encoded: try JSONDecoder().decode(Shot.self, from: result).data) else {
            throw ProtocolError(description: "screenshot not base64")
        }
        return data
    }

    public func close() {
        outbox?.finish()
        connection?.cancel()
    }
}
