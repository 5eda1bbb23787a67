/// The decoder `ShapeRecorder` hands a type's `init(from:)`: every container it asks for is
/// written into `sink`.
struct ShapeRecordingDecoder: Decoder {
    let recorder: ShapeRecorder
    let sink: ShapeSink
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .fixed = sink.kind { sink.kind = .object }
        return KeyedDecodingContainer(ShapeRecordingKeyedContainer<Key>(recorder: recorder, sink: sink, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        sink.kind = .array
        return ShapeRecordingUnkeyedContainer(recorder: recorder, sink: sink, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ShapeRecordingSingleValueContainer(recorder: recorder, sink: sink, codingPath: codingPath)
    }
}
