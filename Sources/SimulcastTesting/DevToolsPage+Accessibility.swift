import Foundation

/// Controls found as a person finds them: by role and visible name, from Chromium's own
/// accessibility tree (`Accessibility.queryAXTree`), never by an id or a class. Only what is on
/// the screen counts: an element hidden, of no size or invisible is not a control anyone sees.
extension DevToolsPage {
    /// Every visible control with `role` ("button", "link", "checkbox", ...), in document order;
    /// `name`, when given, must be its exact accessible name or the text it shows.
    public func controls(role: String, name: String? = nil) async throws -> [AccessibleControl] {
        struct Document: Decodable {
            struct Node: Decodable { var backendNodeId: Int }
            var root: Node
        }
        struct Query: Decodable {
            struct Value: Decodable { var value: String? }
            struct Node: Decodable {
                var ignored: Bool
                var role: Value?
                var name: Value?
                var backendDOMNodeId: Int?
            }
            var nodes: [Node]
        }
        let document = try JSONDecoder().decode(Document.self, from: try await send("DOM.getDocument", ["depth": 0]))
        let query: [String: any Sendable] = ["backendNodeId": document.root.backendNodeId, "role": role]
        let found = try JSONDecoder().decode(Query.self, from: try await send("Accessibility.queryAXTree", query))
        var controls: [AccessibleControl] = []
        for node in found.nodes where !node.ignored {
            guard let id = node.backendDOMNodeId, let box = try await visibleBox(backendNodeId: id) else { continue }
            let control = AccessibleControl(
                role: node.role?.value ?? role, name: node.name?.value ?? "", visibleText: box.text, backendNodeId: id, x: box.x, y: box.y,
                width: box.width, height: box.height)
            if name.map(control.isNamed) ?? true { controls.append(control) }
        }
        return controls
    }

    /// Visible buttons and links whose name or shown text matches `pattern` (a regular
    /// expression, case ignored): "listen|play|start" finds every control that offers to start
    /// the sound.
    public func controls(namedLike pattern: String, roles: [String] = ["button", "link"]) async throws -> [AccessibleControl] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        var matches: [AccessibleControl] = []
        for role in roles {
            for control in try await controls(role: role) {
                let named = [control.name, control.visibleText].contains { text in
                    expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                }
                if named { matches.append(control) }
            }
        }
        return matches
    }

    /// A real click on the one visible control with this role and name, waiting for it to
    /// appear. Fails when two visible controls share the name: a person could not tell which.
    public func click(role: String, name: String, seconds: Double? = nil) async throws {
        let deadline = ContinuousClock.now + (seconds.map { .milliseconds(Int64($0 * 1000)) } ?? Patience.event)
        // A person clicks in the tab in front; Chromium does not answer accessibility queries
        // for a tab behind another (a test with several pages open).
        try await bringToFront()
        while true {
            let found = try await controls(role: role, name: name)
            if found.count > 1 { throw ProtocolError(description: "\(found.count) visible controls are named \(role) \"\(name)\": \(found)") }
            if let control = found.first {
                try await clickCentre(of: control)
                return
            }
            guard ContinuousClock.now < deadline else { throw ProtocolError(description: "no visible \(role) named \"\(name)\"") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Mouse pressed and released at the control's centre (trusted input, a user activation),
    /// once the control stays put and nothing covers it there: a person taps what they see
    /// settle. A page still filling in moves its controls (a button measured as it appeared was
    /// 30 ms later under a paragraph the presence line pushed down, and the click missed it).
    public func clickCentre(of control: AccessibleControl) async throws {
        try await clickWhenSettled("\(control)") { first in
            guard let box = try await self.visibleBox(backendNodeId: control.backendNodeId, scroll: first) else {
                throw ProtocolError(description: "\(control) is no longer visible")
            }
            return ControlSpot(x: box.x, y: box.y, width: box.width, height: box.height, hit: box.hit)
        }
    }

    /// Presses and releases the mouse at the centre of what `measure` finds, once two
    /// measurements a few frames apart agree and nothing covers it (`first` is true for the
    /// first, which may scroll it into view).
    func clickWhenSettled(_ what: String, measure: (_ first: Bool) async throws -> ControlSpot) async throws {
        let deadline = ContinuousClock.now + Patience.event
        var previous: ControlSpot?
        while true {
            let spot = try await measure(previous == nil)
            if let previous, previous.sameSpot(as: spot), spot.hit {
                for type in ["mousePressed", "mouseReleased"] {
                    try await send(
                        "Input.dispatchMouseEvent",
                        ["type": type, "x": spot.x + spot.width / 2, "y": spot.y + spot.height / 2, "button": "left", "clickCount": 1])
                }
                return
            }
            guard ContinuousClock.now < deadline else {
                throw ProtocolError(description: "\(what) \(spot.hit ? "kept moving" : "is covered at its centre"); a person could not click it")
            }
            previous = spot
            // About three frames: long enough for a layout still settling to show it has moved.
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private struct Box: Decodable {
        var text: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        /// Whether the point at the box's centre is the control (or inside it), not something over it.
        var hit: Bool
    }

    /// The node's box, or nil when a person cannot see it (not rendered, no size, hidden by
    /// `visibility` or inside a closed `<details>`).
    private func visibleBox(backendNodeId: Int, scroll: Bool = false) async throws -> Box? {
        struct Resolved: Decodable {
            struct Object: Decodable { var objectId: String? }
            var object: Object
        }
        struct Called: Decodable {
            struct Value: Decodable { var value: String? }
            var result: Value
        }
        guard let resolved = try? JSONDecoder().decode(Resolved.self, from: try await send("DOM.resolveNode", ["backendNodeId": backendNodeId])),
            let objectId = resolved.object.objectId
        else { return nil }
        let function = """
            function(scroll) {
              if (!this.isConnected || this.getClientRects().length === 0) return "null";
              if (!this.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return "null";
              if (scroll) this.scrollIntoView({ block: "center" });
              const r = this.getBoundingClientRect();
              if (r.width === 0 || r.height === 0) return "null";
              const text = (this.innerText || this.value || "").replace(/\\s+/g, " ").trim();
              const point = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              const hit = !!point && (point === this || this.contains(point) || (this.labels && [...this.labels].some((l) => l.contains(point))));
              return JSON.stringify({ text, x: r.x, y: r.y, width: r.width, height: r.height, hit });
            }
            """
        let answer = try await send(
            "Runtime.callFunctionOn",
            ["objectId": objectId, "functionDeclaration": function, "arguments": [["value": scroll]], "returnByValue": true])
        try await send("Runtime.releaseObject", ["objectId": objectId])
        guard let json = try JSONDecoder().decode(Called.self, from: answer).result.value, json != "null" else { return nil }
        return try JSONDecoder().decode(Box.self, from: Data(json.utf8))
    }
}
