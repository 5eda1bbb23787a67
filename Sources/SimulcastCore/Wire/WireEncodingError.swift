/// A message that cannot be written as JSON: it holds a number JSON has no form for (NaN or
/// an infinity), which only a bug upstream can produce. Renders itself without the values.
public struct WireEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message's `type`.
    public var type: String

    public init(type: String) { self.type = type }

    public var description: String { "a \(type) message could not be encoded: it holds a number JSON cannot carry (NaN or infinity)" }
}
