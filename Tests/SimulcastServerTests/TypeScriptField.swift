/// One key of an object type: its name, shape, and whether a message may leave it out.
struct TypeScriptField: Equatable {
    var name: String
    var shape: TypeScriptShape
    var optional: Bool

    var declaration: String { "\(name)\(optional ? "?" : ""): \(shape.rendered());" }
}
