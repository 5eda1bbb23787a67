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
    case spotifyAccess(Wire.SpotifyAccess)
    case fallback(Wire.Fallback)
    case roomPresence(RoomPresence)
    case reaction(Wire.SendReaction)
    case roomReaction(Wire.RoomReaction)
    case requestSong(Wire.RequestSong)
    case supportRequest(Wire.SupportRequest)
    case requestQueued(Wire.RequestQueued)
    case handoverAnswer(Wire.HandoverAnswer)
    case handoverGranted(Wire.HandoverGranted)
    case error(Wire.Error)

    public static let protocolVersion = 1

    /// The `type` of each message on the wire, spelled once.
    public enum Kind: String, CaseIterable, Sendable {
        case hello
        case welcome
        case timePing = "time.ping"
        case timePong = "time.pong"
        case hostState = "host.state"
        case roomState = "room.state"
        case listenerReport = "listener.report"
        case spotifyAccess = "listener.spotify-access"
        case fallback = "listener.fallback"
        case roomPresence = "room.presence"
        case reaction
        case roomReaction = "room.reaction"
        case requestSong = "request.song"
        case supportRequest = "request.support"
        case requestQueued = "request.queued"
        case handoverAnswer = "handover.answer"
        case handoverGranted = "handover.granted"
        case error
    }

    public var kind: Kind {
        switch self {
        case .hello: .hello
        case .welcome: .welcome
        case .timePing: .timePing
        case .timePong: .timePong
        case .hostState: .hostState
        case .roomState: .roomState
        case .listenerReport: .listenerReport
        case .spotifyAccess: .spotifyAccess
        case .fallback: .fallback
        case .roomPresence: .roomPresence
        case .reaction: .reaction
        case .roomReaction: .roomReaction
        case .requestSong: .requestSong
        case .supportRequest: .supportRequest
        case .requestQueued: .requestQueued
        case .handoverAnswer: .handoverAnswer
        case .handoverGranted: .handoverGranted
        case .error: .error
        }
    }

    public var type: String { kind.rawValue }

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
        guard let kind = Kind(rawValue: type) else { throw WireDecodingError.unknownType(type) }
        switch kind {
        case .hello: self = .hello(try Wire.Hello(from: decoder))
        case .welcome: self = .welcome(try Wire.Welcome(from: decoder))
        case .timePing: self = .timePing(try Wire.TimePing(from: decoder))
        case .timePong: self = .timePong(try Wire.TimePong(from: decoder))
        case .hostState: self = .hostState(try PlaybackSnapshot(from: decoder))
        case .roomState: self = .roomState(try RoomState(from: decoder))
        case .listenerReport: self = .listenerReport(try Wire.ListenerReport(from: decoder))
        case .spotifyAccess: self = .spotifyAccess(try Wire.SpotifyAccess(from: decoder))
        case .fallback: self = .fallback(try Wire.Fallback(from: decoder))
        case .roomPresence: self = .roomPresence(try RoomPresence(from: decoder))
        case .reaction: self = .reaction(try Wire.SendReaction(from: decoder))
        case .roomReaction: self = .roomReaction(try Wire.RoomReaction(from: decoder))
        case .requestSong: self = .requestSong(try Wire.RequestSong(from: decoder))
        case .supportRequest: self = .supportRequest(try Wire.SupportRequest(from: decoder))
        case .requestQueued: self = .requestQueued(try Wire.RequestQueued(from: decoder))
        case .handoverAnswer: self = .handoverAnswer(try Wire.HandoverAnswer(from: decoder))
        case .handoverGranted: self = .handoverGranted(try Wire.HandoverGranted(from: decoder))
        case .error: self = .error(try Wire.Error(from: decoder))
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
        case .spotifyAccess(let payload): try payload.encode(to: encoder)
        case .fallback(let payload): try payload.encode(to: encoder)
        case .roomPresence(let payload): try payload.encode(to: encoder)
        case .reaction(let payload): try payload.encode(to: encoder)
        case .roomReaction(let payload): try payload.encode(to: encoder)
        case .requestSong(let payload): try payload.encode(to: encoder)
        case .supportRequest(let payload): try payload.encode(to: encoder)
        case .requestQueued(let payload): try payload.encode(to: encoder)
        case .handoverAnswer(let payload): try payload.encode(to: encoder)
        case .handoverGranted(let payload): try payload.encode(to: encoder)
        case .error(let payload): try payload.encode(to: encoder)
        }
    }
}
