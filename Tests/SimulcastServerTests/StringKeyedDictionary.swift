/// A `[String: V]`, whose decoding asks for no value when it has no keys: the recorder asks
/// for `V`'s shape on its own.
protocol StringKeyedDictionary {
    static var valueType: any Decodable.Type { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static var valueType: any Decodable.Type { Value.self }
}
