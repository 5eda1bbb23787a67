/// What one decoded value turned out to be, filled in as its `Decodable` asks for containers
/// and values (an object's fields arrive one call at a time).
final class ShapeSink {
    enum Kind {
        case fixed(TypeScriptShape)
        case object
        case array
    }

    var kind: Kind
    var fields: [(name: String, optional: Bool, sink: ShapeSink)] = []
    var element: ShapeSink?

    init(_ shape: TypeScriptShape = .unknown) { kind = .fixed(shape) }

    var shape: TypeScriptShape {
        switch kind {
        case .fixed(let shape): shape
        case .object: .object(fields.map { TypeScriptField(name: $0.name, shape: $0.sink.shape, optional: $0.optional) })
        case .array: .array(element?.shape ?? .unknown)
        }
    }
}
