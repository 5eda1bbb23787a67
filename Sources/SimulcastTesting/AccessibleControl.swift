/// A control as a person finds it on the screen: its role and visible name as the browser's
/// accessibility tree computes them (what a screen reader says), and where it is.
public struct AccessibleControl: Sendable, Equatable, CustomStringConvertible {
    public var role: String
    public var name: String
    /// The DOM node behind it (DevTools' backend id), for a click or a look at its size.
    public var backendNodeId: Int
    /// Its box in CSS pixels of the viewport.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public var description: String { "\(role) \"\(name)\" (\(Int(width))×\(Int(height)) px)" }
}
