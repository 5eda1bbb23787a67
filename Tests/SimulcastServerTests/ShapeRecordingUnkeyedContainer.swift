/// An array as its type decodes it: one element is enough to learn the element's shape.
struct ShapeRecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let recorder: ShapeRecorder
    let sink: ShapeSink
    var codingPath: [any CodingKey]
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex > 0 }
    private(set) var currentIndex = 0

    init(recorder: ShapeRecorder, sink: ShapeSink, codingPath: [any CodingKey]) {
        self.recorder = recorder
        self.sink = sink
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool { false }

    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try recorder.value(of: type, codingPath: codingPath)
        sink.element = ShapeSink(shape)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let child = ShapeSink()
        child.kind = .object
        sink.element = child
        currentIndex += 1
        return KeyedDecodingContainer(ShapeRecordingKeyedContainer<NestedKey>(recorder: recorder, sink: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let child = ShapeSink()
        child.kind = .array
        sink.element = child
        currentIndex += 1
        return ShapeRecordingUnkeyedContainer(recorder: recorder, sink: child, codingPath: codingPath)
    }

    mutating func superDecoder() throws -> any Decoder { ShapeRecordingDecoder(recorder: recorder, sink: sink, codingPath: codingPath) }
}
