import Foundation

/// One field of a message kept as the JSON it was last encoded to, encoded again only when
/// its value changes.
struct EncodedPart<Value: Encodable & Equatable & Sendable>: Sendable {
    private var last: (value: Value, json: String)?

    /// The JSON of `value`, from the last encoding when the value is the same.
    mutating func json(_ value: Value, encoder: JSONEncoder) throws -> String {
        if let last, last.value == value { return last.json }
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        last = (value, json)
        return json
    }
}
