import Foundation

/// Writes `room.state` messages the same bytes `WireCodec` would, at a fraction of the cost
/// for the states a room sends one after another. A host's update changes the sequence number,
/// the anchor and little else, while the song with its matches on every service (most of the
/// message) stays as it was: those fields are kept as the JSON they were last encoded to and
/// reused while equal, and the small fields (numbers, flags, the anchor) are written here. Measured by
/// `simulcast-bench instructions`: encoding a state was about 250,000 instructions, most of
/// them the song's. `RoomStateWriterTests` holds it to `WireCodec`'s output byte for byte.
public struct RoomStateWriter: Sendable {
    private let encoder: JSONEncoder
    private var track = EncodedPart<RoomTrack>()
    private var queue = EncodedPart<[RoomTrack]>()
    private var hostName = EncodedPart<String>()
    private var intent = EncodedPart<PlaybackIntent>()
    private var requestPolicy = EncodedPart<RequestPolicy>()
    private var requests = EncodedPart<[SongRequest]>()
    private var handoverOffer = EncodedPart<HandoverOffer>()
    private var suggestions = EncodedPart<[MatchSuggestion]>()

    public init() {
        encoder = WireCodec.makeEncoder()
    }

    /// The `room.state` message for `state`; throws for a number JSON cannot carry, as `WireCodec` does.
    public mutating func text(for state: RoomState) throws(WireEncodingError) -> String {
        do {
            // The keys in the order WireCodec's sorted-keys encoder gives them; an absent
            // optional has no key, as in the synthesized encoding.
            guard let position = JSONNumberText.text(state.anchor.positionMs) else { throw WireEncodingError(type: WireMessage.Kind.roomState.rawValue) }
            let anchor = "{\"positionMs\":\(position),\"serverTime\":\(state.anchor.time.micros)}"
            var fields: [(key: String, json: String)] = [("anchor", anchor)]
            if let offer = state.handoverOffer { fields.append(("handoverOffer", try handoverOffer.json(offer, encoder: encoder))) }
            fields.append(("hostConnected", state.hostConnected ? "true" : "false"))
            if let name = state.hostName { fields.append(("hostName", try hostName.json(name, encoder: encoder))) }
            if let value = state.intent { fields.append(("intent", try intent.json(value, encoder: encoder))) }
            fields.append(("playing", state.playing ? "true" : "false"))
            fields.append(("queue", try queue.json(state.queue, encoder: encoder)))
            if let policy = state.requestPolicy { fields.append(("requestPolicy", try requestPolicy.json(policy, encoder: encoder))) }
            if let list = state.requests { fields.append(("requests", try requests.json(list, encoder: encoder))) }
            fields.append(("seq", String(state.seq)))
            if let list = state.suggestions { fields.append(("suggestions", try suggestions.json(list, encoder: encoder))) }
            if let song = state.track { fields.append(("track", try track.json(song, encoder: encoder))) }
            fields.append(("type", "\"\(WireMessage.Kind.roomState.rawValue)\""))
            fields.append(("v", String(WireMessage.protocolVersion)))
            var text = "{"
            text.reserveCapacity(fields.reduce(2) { $0 + $1.key.utf8.count + $1.json.utf8.count + 4 })
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                text += "\"\(field.key)\":\(field.json)"
            }
            return text + "}"
        } catch {
            throw WireEncodingError(type: WireMessage.Kind.roomState.rawValue)
        }
    }
}
