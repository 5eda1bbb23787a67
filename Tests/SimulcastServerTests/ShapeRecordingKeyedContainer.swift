/// An object's keys as its type decodes them: `decode` a key every message carries,
/// `decodeIfPresent` one it may leave out.
struct ShapeRecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: ShapeRecorder
    let sink: ShapeSink
    var codingPath: [any CodingKey]
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    private func field<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T {
        let (value, shape) = try recorder.value(of: type, codingPath: codingPath + [key])
        if let index = sink.fields.firstIndex(where: { $0.name == key.stringValue }) {
            sink.fields[index].optional = sink.fields[index].optional && optional
        } else {
            sink.fields.append((key.stringValue, optional, ShapeSink(shape)))
        }
        return value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(type, key, optional: false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(type, key, optional: false) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(type, key, optional: false) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(type, key, optional: false) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(type, key, optional: false) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(type, key, optional: false) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(type, key, optional: false) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(type, key, optional: false) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(type, key, optional: false) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(type, key, optional: false) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(type, key, optional: false) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(type, key, optional: false) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(type, key, optional: false) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(type, key, optional: false) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(type, key, optional: false) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try field(type, key, optional: true) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try field(type, key, optional: true) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try field(type, key, optional: true) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let child = ShapeSink()
        child.kind = .object
        sink.fields.append((key.stringValue, false, child))
        return KeyedDecodingContainer(ShapeRecordingKeyedContainer<NestedKey>(recorder: recorder, sink: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = ShapeSink()
        child.kind = .array
        sink.fields.append((key.stringValue, false, child))
        return ShapeRecordingUnkeyedContainer(recorder: recorder, sink: child, codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { ShapeRecordingDecoder(recorder: recorder, sink: sink, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ShapeRecordingDecoder(recorder: recorder, sink: sink, codingPath: codingPath + [key]) }
}
