/// Why a frame could not be read as a protocol message. Renders itself for the `error`
/// message sent back; it never quotes the frame, which may carry a token.
public enum WireDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    case notJSON
    case missingType
    case unknownType(String)
    case unsupportedVersion(Int)
    case invalidFields(type: String, detail: String)

    public var code: Wire.ErrorCode {
        switch self {
        case .notJSON, .missingType, .invalidFields: .malformedMessage
        case .unknownType: .unknownType
        case .unsupportedVersion: .unsupportedVersion
        }
    }

    public var description: String {
        switch self {
        case .notJSON: "the message is not a JSON object"
        case .missingType: "the message has no \"type\" field"
        case .unknownType(let type): "unknown message type \"\(type.prefix(40))\""
        case .unsupportedVersion(let v): "protocol version \(v) is not supported; this server speaks v\(WireMessage.protocolVersion)"
        case .invalidFields(let type, let detail): "\(type) message has invalid fields: \(detail)"
        }
    }
}
