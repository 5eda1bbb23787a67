import Foundation

/// Turns protocol messages into JSON text and back, with errors a client can act on.
public struct WireCodec: Sendable {
    public init() {}

    /// Throws only for a number JSON cannot carry (NaN, infinity); every other payload is plain data.
    public func encode(_ message: WireMessage) throws(WireEncodingError) -> String {
        do {
            return String(decoding: try Self.makeEncoder().encode(message), as: UTF8.self)
        } catch {
            throw WireEncodingError(type: message.type)
        }
    }

    /// The wire's JSON: keys sorted (one text for one message, whatever the dictionary order),
    /// slashes as they are.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public func decode(_ text: String) throws(WireDecodingError) -> WireMessage {
        try decode(Data(text.utf8))
    }

    public func decode(_ data: Data) throws(WireDecodingError) -> WireMessage {
        // One decode on the good path; the header is read again only to explain a failure.
        do {
            return try JSONDecoder().decode(WireMessage.self, from: data)
        } catch let error as WireDecodingError {
            throw error
        } catch {
            struct Header: Decodable { var type: String? }
            guard let header = try? JSONDecoder().decode(Header.self, from: data) else { throw .notJSON }
            guard let type = header.type else { throw .missingType }
            if let decoding = error as? DecodingError { throw .invalidFields(type: type, detail: Self.describe(decoding)) }
            throw .invalidFields(type: type, detail: "unreadable")
        }
    }

    /// A short, value-free description of a decoding failure (values may be secrets).
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "(top level)" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field \"\(parent == "(top level)" ? key.stringValue : parent + "." + key.stringValue)\""
        case .typeMismatch(let type, let context): return "\(path(context)) should be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) should be \(type), found null"
        case .dataCorrupted(let context): return "\(path(context)) is invalid"
        @unknown default: return "invalid"
        }
    }
}
