import Foundation

/// One message of wire protocol v1: a JSON object with `type`, `v` and the payload's
/// fields beside them (flat, so messages read well in logs and docs).
public enum WireMessage: Hashable, Sendable {
    case hello(Wire.Hello)
    case welcome(Wire.Welcome)
    case timePing(Wire.TimePing)
    case timePong(Wire.TimePong)
    case hostState(PlaybackSnapshot)
    case roomState(RoomState)
    case listenerReport(Wire.ListenerReport)
    case error(Wire.Error)

    public static let protocolVersion = 1

    public var type: String {
        switch self {
        case .hello: "hello"
        case .welcome: "welcome"
        case .timePing: "time.ping"
        case .timePong: "time.pong"
        case .hostState: "host.state"
        case .roomState: "room.state"
        case .listenerReport: "listener.report"
        case .error: "error"
        }
    }

    public static func error(_ code: Wire.ErrorCode, _ message: String) -> WireMessage {
        .error(Wire.Error(code: code, message: message))
    }
}

extension WireMessage: Codable {
    private enum HeaderKeys: String, CodingKey {
        case type, v
    }

    public init(from decoder: any Decoder) throws {
        let header = try decoder.container(keyedBy: HeaderKeys.self)
        let type = try header.decode(String.self, forKey: .type)
        let version = try header.decodeIfPresent(Int.self, forKey: .v) ?? Self.protocolVersion
        guard version == Self.protocolVersion else { throw WireDecodingError.unsupportedVersion(version) }
        switch type {
        case "hello": self = .hello(try Wire.Hello(from: decoder))
        case "welcome": self = .welcome(try Wire.Welcome(from: decoder))
        case "time.ping": self = .timePing(try Wire.TimePing(from: decoder))
        case "time.pong": self = .timePong(try Wire.TimePong(from: decoder))
        case "host.state": self = .hostState(try PlaybackSnapshot(from: decoder))
        case "room.state": self = .roomState(try RoomState(from: decoder))
        case "listener.report": self = .listenerReport(try Wire.ListenerReport(from: decoder))
        case "error": self = .error(try Wire.Error(from: decoder))
        default: throw WireDecodingError.unknownType(type)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var header = encoder.container(keyedBy: HeaderKeys.self)
        try header.encode(type, forKey: .type)
        try header.encode(Self.protocolVersion, forKey: .v)
        switch self {
        case .hello(let payload): try payload.encode(to: encoder)
        case .welcome(let payload): try payload.encode(to: encoder)
        case .timePing(let payload): try payload.encode(to: encoder)
        case .timePong(let payload): try payload.encode(to: encoder)
        case .hostState(let payload): try payload.encode(to: encoder)
        case .roomState(let payload): try payload.encode(to: encoder)
        case .listenerReport(let payload): try payload.encode(to: encoder)
        case .error(let payload): try payload.encode(to: encoder)
        }
    }
}
