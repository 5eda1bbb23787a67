/// Where a control is on the screen (CSS pixels in the viewport) and whether the point at its
/// centre is the control itself (or inside it, or its label), not something over it.
struct ControlSpot: Decodable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var hit: Bool

    func sameSpot(as other: ControlSpot) -> Bool { x == other.x && y == other.y && width == other.width && height == other.height }
}
