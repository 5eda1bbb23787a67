/// A value that is one JSON value (a string, a number, a wrapped type's own value).
struct ShapeRecordingSingleValueContainer: SingleValueDecodingContainer {
    let recorder: ShapeRecorder
    let sink: ShapeSink
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }

    private func single<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try recorder.value(of: type, codingPath: codingPath)
        sink.kind = .fixed(shape)
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try single(type) }
    func decode(_ type: String.Type) throws -> String { try single(type) }
    func decode(_ type: Double.Type) throws -> Double { try single(type) }
    func decode(_ type: Float.Type) throws -> Float { try single(type) }
    func decode(_ type: Int.Type) throws -> Int { try single(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try single(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try single(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try single(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try single(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try single(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try single(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try single(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try single(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try single(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try single(type) }
}
