/// Reads the JSON shape of `Decodable` types by decoding them from nothing: a decoder that
/// answers every question with a placeholder and writes down what was asked (each key, whether
/// `decodeIfPresent` asked for it, each value's type). What the Swift decodes is the contract,
/// so the TypeScript made from it cannot drift from it.
final class ShapeRecorder {
    /// The object types declared under a name, in the order they were first met.
    private(set) var declarations: [(name: String, fields: [TypeScriptField])] = []
    private let names: [ObjectIdentifier: String]
    private let overrides: [ObjectIdentifier: (shape: TypeScriptShape, sample: any Decodable)]

    /// `names`: the types declared once and referred to by name. `overrides`: types whose
    /// decoding checks its text (so a placeholder would be refused), with their shape and a value.
    init(names: [(any Decodable.Type, String)], overrides: [(any Decodable.Type, TypeScriptShape, any Decodable)] = []) {
        self.names = Dictionary(uniqueKeysWithValues: names.map { (ObjectIdentifier($0.0), $0.1) })
        self.overrides = Dictionary(uniqueKeysWithValues: overrides.map { (ObjectIdentifier($0.0), ($0.1, $0.2)) })
    }

    /// Declares `type` (and every named type it uses) and returns its shape.
    @discardableResult
    func declare<T: Decodable>(_ type: T.Type) throws -> TypeScriptShape {
        try value(of: type, codingPath: []).shape
    }

    /// The shape of a type given as a metatype value.
    @discardableResult
    func shape(of type: any Decodable.Type, codingPath: [any CodingKey]) throws -> TypeScriptShape {
        try value(of: type, codingPath: codingPath).shape
    }

    /// A placeholder `T` for a decoder to return, and `T`'s shape.
    func value<T: Decodable>(of type: T.Type, codingPath: [any CodingKey]) throws -> (value: T, shape: TypeScriptShape) {
        if let override = overrides[ObjectIdentifier(type)], let sample = override.sample as? T { return (sample, override.shape) }
        if let primitive = Self.primitive(type) { return primitive }
        if let cases = type as? any CaseIterable.Type, let oneOf = Self.stringCases(cases), let first = oneOf.first as? T {
            return (first, .oneOf(oneOf.rawValues))
        }
        let sink = ShapeSink()
        let decoded = try T(from: ShapeRecordingDecoder(recorder: self, sink: sink, codingPath: codingPath))
        var shape = sink.shape
        if let dictionary = type as? any StringKeyedDictionary.Type {
            shape = .record(try self.shape(of: dictionary.valueType, codingPath: codingPath))
        }
        if let name = names[ObjectIdentifier(type)] {
            if !declarations.contains(where: { $0.name == name }), case .object(let fields) = shape {
                declarations.append((name, fields))
            }
            shape = .named(name)
        }
        return (decoded, shape)
    }

    private static func primitive<T>(_ type: T.Type) -> (value: T, shape: TypeScriptShape)? {
        switch type {
        case is String.Type: ("" as? T).map { ($0, .string) }
        case is Bool.Type: (false as? T).map { ($0, .boolean) }
        case is Double.Type: (0.0 as? T).map { ($0, .number) }
        case is Float.Type: (Float(0) as? T).map { ($0, .number) }
        case is Int.Type: (0 as? T).map { ($0, .number) }
        case is Int64.Type: (Int64(0) as? T).map { ($0, .number) }
        case is Int32.Type: (Int32(0) as? T).map { ($0, .number) }
        case is Int16.Type: (Int16(0) as? T).map { ($0, .number) }
        case is Int8.Type: (Int8(0) as? T).map { ($0, .number) }
        case is UInt16.Type: (UInt16(0) as? T).map { ($0, .number) }
        case is UInt8.Type: (UInt8(0) as? T).map { ($0, .number) }
        case is UInt64.Type: (UInt64(0) as? T).map { ($0, .number) }
        case is UInt32.Type: (UInt32(0) as? T).map { ($0, .number) }
        case is UInt.Type: (UInt(0) as? T).map { ($0, .number) }
        default: nil
        }
    }

    /// A string enum's cases and raw values; nil for any other `CaseIterable`.
    private static func stringCases<C: CaseIterable>(_ type: C.Type) -> (first: Any?, rawValues: [String])? {
        let raw = C.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
        guard !raw.isEmpty, raw.count == C.allCases.count else { return nil }
        return (C.allCases.first, raw)
    }
}
