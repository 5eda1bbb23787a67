import Foundation
import SimulcastCore

/// `Web/types/wire.d.ts`, the wire's messages as the pages' type check sees them, read from
/// the Swift types that encode and decode them (`ShapeRecorder`): a key the Swift always
/// writes is required, one it may leave out is optional, an enum is its set of strings.
/// `WireTypeScriptTests` fails when the committed file differs from this.
enum WireTypeScriptModule {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SimulcastServer/Web/types/wire.d.ts")

    /// Who sends a message kind.
    enum Sender {
        case server
        case client
    }

    /// Each message kind's payload (what `WireMessage` puts beside `type` and `v`) and who sends it.
    static func payload(of kind: WireMessage.Kind) -> (type: any Decodable.Type, sender: Sender) {
        switch kind {
        case .hello: (Wire.Hello.self, .client)
        case .welcome: (Wire.Welcome.self, .server)
        case .timePing: (Wire.TimePing.self, .client)
        case .timePong: (Wire.TimePong.self, .server)
        case .hostState: (PlaybackSnapshot.self, .client)
        case .roomState: (RoomState.self, .server)
        case .listenerReport: (Wire.ListenerReport.self, .client)
        case .spotifyAccess: (Wire.SpotifyAccess.self, .client)
        case .fallback: (Wire.Fallback.self, .client)
        case .roomPresence: (RoomPresence.self, .server)
        case .reaction: (Wire.SendReaction.self, .client)
        case .roomReaction: (Wire.RoomReaction.self, .server)
        case .requestSong: (Wire.RequestSong.self, .client)
        case .supportRequest: (Wire.SupportRequest.self, .client)
        case .requestQueued: (Wire.RequestQueued.self, .client)
        case .handoverAnswer: (Wire.HandoverAnswer.self, .client)
        case .handoverGranted: (Wire.HandoverGranted.self, .server)
        case .error: (Wire.Error.self, .server)
        }
    }

    /// The types declared once under a name (the pages' names, where they differ from the
    /// Swift), each with a line saying what it is.
    static var named: [(type: any Decodable.Type, name: String, doc: String)] {
        [
            (TrackMetadata.self, "TrackMetadata", "A song on one service (TrackMetadata)."),
            (MatchResult.self, "MatchResult", "How a song was found on another service, or why not (MatchResult)."),
            (ServiceMatch.self, "RoomMatch", "One service and storefront's match of a room's song (ServiceMatch)."),
            (RoomTrack.self, "RoomTrack", "A room's song and its matches (RoomTrack)."),
            (PlaybackAnchor.self, "Anchor", "Where the song was at one instant, in server microseconds (PlaybackAnchor)."),
            (MatchSuggestion.self, "MatchSuggestion", "A version listeners suggested for the room's song, for the host (MatchSuggestion)."),
            (SongRequest.self, "SongRequest", "A listener's song request (SongRequest)."),
            (HandoverOffer.self, "HandoverOffer", "The host's offer of the room to one connection; `to` is its name, to read (HandoverOffer)."),
            (RoomState.self, "RoomState", "The room's state (`room.state`, RoomState)."),
            (RoomPresence.Listener.self, "PresenceListener", "One listener in presence (RoomPresence.Listener)."),
            (RoomPresence.self, "RoomPresence", "Who is listening (`room.presence`, RoomPresence)."),
            (Wire.RoomReaction.self, "RoomReaction", "A reaction as the room sees it (`room.reaction`, Wire.RoomReaction)."),
            (Wire.Error.self, "WireError", "An error the server sends before it closes or refuses (`error`, Wire.Error)."),
            (Wire.Welcome.self, "Welcome", "The server's answer to a hello (`welcome`, Wire.Welcome)."),
            (Wire.HandoverGranted.self, "HandoverGranted", "The room was handed to this listener (`handover.granted`)."),
            (Wire.TimePong.self, "TimePong", "A clock sync answer (`time.pong`): t0 echoed, t1 and t2 server microseconds."),
            (PlaybackSnapshot.self, "HostState", "What a host publishes (`host.state`, PlaybackSnapshot)."),
            (Wire.Hello.self, "Hello", "The first message on every connection (`hello`, Wire.Hello)."),
            (Wire.TimePing.self, "TimePing", "A clock sync question (`time.ping`)."),
            (Wire.ListenerReport.self, "ListenerReport", "Where a listener's player is (`listener.report`)."),
            (Wire.SpotifyAccess.self, "SpotifyAccess", "Whether Spotify admits this listener to the server's app (`listener.spotify-access`)."),
            (Wire.Fallback.self, "Fallback", "The services a listener plays from YouTube when theirs lacks the song (`listener.fallback`)."),
            (Wire.SendReaction.self, "SendReaction", "A reaction sent to the room (`reaction`)."),
            (Wire.RequestSong.self, "RequestSong", "A listener asks for a song (`request.song`)."),
            (Wire.SupportRequest.self, "SupportRequest", "A listener backs an open request (`request.support`)."),
            (Wire.RequestQueued.self, "RequestQueued", "The host's player took an accepted request, or would not (`request.queued`)."),
            (Wire.HandoverAnswer.self, "HandoverAnswer", "The offered listener takes the room or says no (`handover.answer`)."),
        ]
    }

    static var text: String {
        get throws {
            // A match method is checked as it is read ("strategy" or "strategy:route").
            let recorder = ShapeRecorder(names: named.map { ($0.type, $0.name) }, overrides: [(MatchMethod.self, .string, MatchMethod.identity)])
            for entry in named { try recorder.shape(of: entry.type, codingPath: []) }
            let docs = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.doc) })
            var lines = [
                "// Generated from the Swift wire types by Tests/SimulcastServerTests/WireTypeScriptModule.swift:",
                "// do not edit. Regenerate with",
                "//   SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WireTypeScriptTests",
                "// and a test fails when this file and the Swift types differ. For the type check only.",
                "",
            ]
            for declaration in recorder.declarations {
                lines.append("/** \(docs[declaration.name] ?? declaration.name) */")
                lines.append("export interface \(declaration.name) {")
                for field in declaration.fields { lines.append("  " + field.declaration) }
                lines.append("}")
                lines.append("")
            }
            for (sender, name, doc) in [
                (Sender.server, "ServerMessage", "Every message the server sends"), (.client, "ClientMessage", "Every message a client sends"),
            ] {
                lines.append("/** \(doc), with its `type` and the protocol version `v` (docs/PROTOCOL.md). */")
                lines.append("export type \(name) =")
                for kind in WireMessage.Kind.allCases where payload(of: kind).sender == sender {
                    let shape = try recorder.shape(of: payload(of: kind).type, codingPath: [])
                    lines.append("  | (\(shape.rendered()) & { type: \"\(kind.rawValue)\"; v: \(WireMessage.protocolVersion) })")
                }
                lines[lines.count - 1] += ";"
                lines.append("")
            }
            return lines.joined(separator: "\n")
        }
    }
}
