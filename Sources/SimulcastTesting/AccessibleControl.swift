/// A control as a person finds it on the screen: its role and visible name as the browser's
/// accessibility tree computes them (what a screen reader says), and where it is.
public struct AccessibleControl: Sendable, Equatable, CustomStringConvertible {
    public var role: String
    /// The accessible name, as the browser computes it (what a screen reader says).
    public var name: String
    /// The words on it a sighted person reads (`innerText`); they can differ from the name (a
    /// button whose text is a live region has an empty name in Chromium).
    public var visibleText: String
    /// The DOM node behind it (DevTools' backend id), for a click or a look at its size.
    public var backendNodeId: Int
    /// Its box in CSS pixels of the viewport.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public var description: String {
        let text = visibleText == name ? "" : " showing \"\(visibleText)\""
        return "\(role) \"\(name)\"\(text) (\(Int(width))×\(Int(height)) px)"
    }

    /// Whether a person would call it `name`: by what a screen reader says or by what it shows.
    public func isNamed(_ name: String) -> Bool { self.name == name || visibleText == name }
}
