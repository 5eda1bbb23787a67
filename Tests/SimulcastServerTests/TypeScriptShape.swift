/// A value's shape as TypeScript declares it, read from what a Swift `Decodable` asks of its
/// decoder (`ShapeRecorder`).
indirect enum TypeScriptShape: Equatable {
    case string
    case number
    case boolean
    /// A string with a fixed set of values (a `CaseIterable` enum's raw values).
    case oneOf([String])
    case array(TypeScriptShape)
    /// A JSON object whose keys are data (`[String: V]`).
    case record(TypeScriptShape)
    /// An object type declared once under a name.
    case named(String)
    /// An object type written where it is used (a type with no name of its own in the contract).
    case object([TypeScriptField])
    /// Nothing was asked of the decoder (an empty type).
    case unknown

    /// The TypeScript for this shape.
    func rendered() -> String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .oneOf(let values): values.map { "\"\($0)\"" }.joined(separator: " | ")
        case .array(let element):
            switch element {
            case .oneOf: "(\(element.rendered()))[]"
            default: "\(element.rendered())[]"
            }
        case .record(let value): "Record<string, \(value.rendered())>"
        case .named(let name): name
        case .object(let fields):
            "{ " + fields.map(\.declaration).joined(separator: " ") + " }"
        case .unknown: "unknown"
        }
    }
}
