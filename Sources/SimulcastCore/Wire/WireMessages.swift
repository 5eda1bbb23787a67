/// Payloads of the wire protocol, one struct per message type. `WireMessage` adds the
/// `type` and `v` fields around them; `docs/PROTOCOL.md` shows each with an example.
public enum Wire {
    /// The first message on every connection.
    public struct Hello: Hashable, Codable, Sendable {
        public var role: ParticipantRole
        public var room: String
        /// Required for `role: host`; never echoed back or logged.
        public var hostToken: String?
        /// The listener's service; hosts may leave it out.
        public var service: MusicService?
        /// Two-letter country code of the listener's account (catalogs differ per country).
        public var storefront: String?
        /// Free text naming the client software, for the logs.
        public var client: String?
        /// A listener's display name in the room's presence (`DisplayName`); absent: "Listener N".
        public var name: String?

        public init(
            role: ParticipantRole, room: String, hostToken: String? = nil, service: MusicService? = nil, storefront: String? = nil, client: String? = nil,
            name: String? = nil
        ) {
            self.name = name
            self.role = role
            self.room = room
            self.hostToken = hostToken
            self.service = service
            self.storefront = storefront
            self.client = client
        }
    }

    /// The server's answer to a good `hello`.
    public struct Welcome: Hashable, Codable, Sendable {
        public var role: ParticipantRole
        public var room: String
        public var connectionId: String
        public var serverTime: ServerTime
        /// Something the person should know about this room, in a sentence (a retiring room
        /// code, a name that could not be used); absent otherwise. Clients show it; older ones ignore it.
        public var notice: String?
        /// A listener's name as the others see it (theirs, or "Listener N" when they gave none
        /// or one the rules refuse); absent for the host.
        public var name: String?
        /// A listener's `ListenerId`, as presence shows it (how a page finds itself there, and
        /// knows an offer of the room is its own); absent for the host.
        public var listenerId: String?

        public init(
            role: ParticipantRole, room: String, connectionId: String, serverTime: ServerTime, notice: String? = nil, name: String? = nil,
            listenerId: String? = nil
        ) {
            self.role = role
            self.room = room
            self.connectionId = connectionId
            self.serverTime = serverTime
            self.notice = notice
            self.name = name
            self.listenerId = listenerId
        }
    }

    /// Client clock reading when the ping left.
    public struct TimePing: Hashable, Codable, Sendable {
        public var t0: LocalTime
        public init(t0: LocalTime) { self.t0 = t0 }
    }

    /// t0 echoed; t1 when the server received the ping, t2 when it sent this (server clock).
    public struct TimePong: Hashable, Codable, Sendable {
        public var t0: LocalTime
        public var t1: ServerTime
        public var t2: ServerTime
        public init(t0: LocalTime, t1: ServerTime, t2: ServerTime) {
            self.t0 = t0
            self.t1 = t1
            self.t2 = t2
        }
    }

    /// A reaction a host or listener sends (`reaction`); the name is checked by the room, so a
    /// name this server does not know gets a clear error rather than a decoding failure.
    public struct SendReaction: Hashable, Codable, Sendable {
        public var reaction: String

        public init(reaction: String) { self.reaction = reaction }
    }

    /// A reaction as everyone in the room sees it (`room.reaction`): what, and who sent it
    /// (their name in the room's presence, or "Host"). `fromHost` is the server's word that the
    /// host sent it: clients mark the host by it, never by the name, which no listener may take
    /// but which older servers did not guard. Never stored.
    public struct RoomReaction: Hashable, Codable, Sendable {
        public var reaction: Reaction
        public var from: String
        /// true from the host; absent from a listener.
        public var fromHost: Bool?

        public init(reaction: Reaction, from: String, fromHost: Bool = false) {
            self.reaction = reaction
            self.from = from
            self.fromHost = fromHost ? true : nil
        }
    }

    /// A listener asks the host for a song (`request.song`): its id on the listener's own
    /// service (the one its hello named), found with that service's search. The server looks
    /// it up there, matches it on the host's service and adds it to the room's requests.
    public struct RequestSong: Hashable, Codable, Sendable {
        public var trackId: String

        public init(trackId: String) { self.trackId = trackId }
    }

    /// A listener backs another's open request (`request.support`, a +1).
    public struct SupportRequest: Hashable, Codable, Sendable {
        public var id: String

        public init(id: String) { self.id = id }
    }

    /// The host's player took an accepted request into its queue, or would not
    /// (`request.queued`, from the host's connection); `reason` says why not, in words.
    public struct RequestQueued: Hashable, Codable, Sendable {
        public var id: String
        public var queued: Bool
        public var reason: String?

        public init(id: String, queued: Bool, reason: String? = nil) {
            self.id = id
            self.queued = queued
            self.reason = reason
        }
    }

    /// The named listener takes the room the host offered them, or says no (`handover.answer`).
    public struct HandoverAnswer: Hashable, Codable, Sendable {
        public var accept: Bool

        public init(accept: Bool) { self.accept = accept }
    }

    /// The room is this connection's to host (`handover.granted`, to that connection only): the
    /// room's new host token, a secret never echoed to anyone else or logged. The connection
    /// itself stays a listener; the page hosts with the token on a host connection of its own.
    public struct HandoverGranted: Hashable, Codable, Sendable {
        public var hostToken: String

        public init(hostToken: String) { self.hostToken = hostToken }
    }

    /// Whether the listener's Spotify account may use the server's Spotify app, as Spotify's
    /// Web API told the page (`GET /v1/me`: 200 listed; 403 "User not registered in the
    /// Developer Dashboard" not). Shown to the host as the guest list, as far as the room saw it.
    public struct SpotifyAccess: Hashable, Codable, Sendable {
        public var listed: Bool

        public init(listed: Bool) { self.listed = listed }
    }

    /// Where a listener's player is, measured at `measuredAt` (server time, by the listener's clock sync).
    public struct ListenerReport: Hashable, Codable, Sendable {
        public var trackId: String?
        public var playing: Bool
        public var positionMs: Double
        public var measuredAt: ServerTime
        /// The listener's own estimate of how far it is from the room (positive: ahead).
        public var syncErrorMs: Double?
        /// Room `seq` the listener was following when it measured.
        public var seq: Int?
        /// The listener's output latency (player to ear) in ms, which `syncErrorMs` already
        /// allows for; absent: zero (older listeners).
        public var outputLatencyMs: Double?

        public init(
            trackId: String?, playing: Bool, positionMs: Double, measuredAt: ServerTime, syncErrorMs: Double? = nil, seq: Int? = nil,
            outputLatencyMs: Double? = nil
        ) {
            self.trackId = trackId
            self.playing = playing
            self.positionMs = positionMs
            self.measuredAt = measuredAt
            self.syncErrorMs = syncErrorMs
            self.seq = seq
            self.outputLatencyMs = outputLatencyMs
        }
    }

    public struct Error: Swift.Error, Hashable, Codable, Sendable {
        public var code: ErrorCode
        public var message: String
        public init(code: ErrorCode, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Machine-readable error codes of the `error` message.
    public enum ErrorCode: String, Hashable, Codable, Sendable, CaseIterable {
        case malformedMessage = "malformed_message"
        case unknownType = "unknown_type"
        case unsupportedVersion = "unsupported_version"
        case messageTooLarge = "message_too_large"
        case helloRequired = "hello_required"
        case alreadyJoined = "already_joined"
        case roomNotFound = "room_not_found"
        case roomMismatch = "room_mismatch"
        case invalidHostToken = "invalid_host_token"
        case forbidden = "forbidden"
        case invalidState = "invalid_state"
        case internalError = "internal_error"
        /// Too many messages too fast; the message was dropped (a flood is closed with 4429).
        case rateLimited = "rate_limited"
        /// The room has as many listeners (or service and storefront pairs) as it may hold.
        case roomFull = "room_full"
        /// Another connection with this room's host token took over; this one is closed (4409).
        case hostReplaced = "host_replaced"
        /// The server is shutting down; connect again (clients retry on their own).
        case shuttingDown = "shutting_down"
    }
}
