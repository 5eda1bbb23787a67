import Foundation

/// Moves a value between the domain's type and the one generated from openapi.yaml through
/// the JSON both write: the domain's encoding must read as the documented schema, so a
/// drift between code and document fails here (and in the tests), not silently on clients.
enum WireShape {
    static func convert<Value: Decodable>(_ value: some Encodable, to type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(value))
    }
}
