import Prometheus
import SimulcastCore

/// The server's Prometheus metrics. Each application has its own registry (no global
/// bootstrap), so tests can run several servers in one process. Labels come only from
/// closed sets (message types, error codes, limits, known services), never from clients.
public final class ServerMetrics: Sendable {
    /// A limit that refused or closed something.
    public enum Limit: String, CaseIterable, Sendable {
        case connectionsPerAddress = "connections_per_address"
        case connectionsPerNetwork = "connections_per_network"
        case connectionsTotal = "connections_total"
        case headerTimeout = "header_timeout"
        case malformedHTTP = "malformed_http"
        case roomCreation = "room_creation"
        case roomLookup = "room_lookup"
        case tokenMinting = "token_minting"
        case hostingLogins = "hosting_logins"
        case versionLookups = "version_lookups"
        case suggestions = "suggestions"
        case historyReads = "history_reads"
        case messageRate = "message_rate"
        case hostStateRate = "host_state_rate"
        case hostJoins = "host_joins"
        case reactionRate = "reaction_rate"
        case songRequestRate = "song_request_rate"
        case requestSearches = "request_searches"
        case messageSize = "message_size"
        case frameSize = "frame_size"
        case invalidUTF8 = "invalid_utf8"
        case binaryFrame = "binary_frame"
        case listenersPerRoom = "listeners_per_room"
        case matchPairs = "match_pairs"
        case drainTimeout = "drain_timeout"
        case idleTimeout = "idle_timeout"
    }

    public let registry = PrometheusCollectorRegistry()
    package let roomsLoaded: Gauge
    package let hostConnections: Gauge
    package let listenerConnections: Gauge
    package let roomsCreated: Counter
    package let roomsExpired: Counter
    package let coalescedStates: Counter
    package let deliveries: Counter
    package let storeFailures: Counter
    package let commitConflicts: Counter
    package let commitsDropped: Counter
    package let nodeChanges: Counter
    package let presenceSent: Counter
    package let presenceComputed: Counter
    private let hostedRoomsFollowed: Gauge
    private let hostingLoginsRefused: Counter
    private let handovers: Counter
    private let listenersFollowed: Gauge
    private let listenerLoginsRefused: Counter
    private let reactions: [Reaction: Counter]
    private let limits: [Limit: Counter]
    private let inbound: [String: Counter]
    private let outbound: [String: Counter]
    private let errors: [Wire.ErrorCode: Counter]
    package static let messageTypes = WireMessage.Kind.allCases.map(\.rawValue)
    package static let errorCodes: [Wire.ErrorCode] = [
        .malformedMessage, .unknownType, .unsupportedVersion, .messageTooLarge, .helloRequired, .alreadyJoined, .roomNotFound, .roomMismatch,
        .invalidHostToken, .forbidden, .invalidState, .internalError, .rateLimited, .roomFull, .hostReplaced, .shuttingDown,
    ]

    public init() {
        roomsLoaded = registry.makeGauge(descriptor: Self.name("simulcast_rooms_active", help: "Rooms loaded in memory"))
        hostConnections = registry.makeGauge(descriptor: Self.name("simulcast_connections", help: "Open WebSocket connections"), labels: [("role", "host")])
        listenerConnections = registry.makeGauge(
            descriptor: Self.name("simulcast_connections", help: "Open WebSocket connections"), labels: [("role", "listener")])
        presenceSent = registry.makeCounter(
            descriptor: Self.name("simulcast_presence_updates_total", help: "room.presence messages made (each sent to a room's connections on this node)"))
        presenceComputed = registry.makeCounter(
            descriptor: Self.name(
                "simulcast_presence_computed_total", help: "Rooms' presence worked out again at a tick (rooms where nothing changed are skipped)"))
        hostedRoomsFollowed = registry.makeGauge(
            descriptor: Self.name("simulcast_hosted_rooms_followed", help: "Rooms started in the browser whose host's player this node follows"))
        listenersFollowed = registry.makeGauge(
            descriptor: Self.name(
                "simulcast_listeners_followed", help: "Listeners' own players this node keeps in sync with their room after they closed the page"))
        listenerLoginsRefused = registry.makeCounter(
            descriptor: Self.name("simulcast_listener_logins_refused_total", help: "Listeners' saved logins the music service refused (the follow stops)"))
        hostingLoginsRefused = registry.makeCounter(
            descriptor: Self.name("simulcast_hosting_logins_refused_total", help: "Hosts' saved logins the music service refused (the host must log in again)"))
        handovers = registry.makeCounter(
            descriptor: Self.name("simulcast_handovers_total", help: "Rooms a host handed to a listener (the room's host token changed)"))
        let registry = self.registry
        reactions = Dictionary(
            uniqueKeysWithValues: Reaction.allCases.map { reaction in
                (
                    reaction,
                    registry.makeCounter(
                        descriptor: Self.name(
                            "simulcast_reactions_total", help: "Reactions sent in rooms, counted on the node they were sent to (never stored)"),
                        labels: [("reaction", reaction.rawValue)])
                )
            })
        roomsCreated = registry.makeCounter(descriptor: Self.name("simulcast_rooms_created_total", help: "Rooms created"))
        roomsExpired = registry.makeCounter(descriptor: Self.name("simulcast_rooms_expired_total", help: "Rooms deleted after their idle expiry"))
        coalescedStates = registry.makeCounter(
            descriptor: Self.name("simulcast_states_coalesced_total", help: "Room states replaced by a newer one before a slow listener read them"))
        deliveries = registry.makeCounter(descriptor: Self.name("simulcast_state_deliveries_total", help: "room.state messages handed to sockets"))
        storeFailures = registry.makeCounter(
            descriptor: Self.name("simulcast_store_failures_total", help: "State commits the database could not take (nothing was broadcast)"))
        commitConflicts = registry.makeCounter(
            descriptor: Self.name("simulcast_commit_conflicts_total", help: "State commits retried because another commit, on any node, came first"))
        commitsDropped = registry.makeCounter(
            descriptor: Self.name("simulcast_commits_dropped_total", help: "State changes given up after every retry lost to another node's commit"))
        nodeChanges = registry.makeCounter(
            descriptor: Self.name("simulcast_node_changes_total", help: "Changes announced through the shared database (every node's, this one's included)"))
        var limits: [Limit: Counter] = [:]
        for limit in Limit.allCases {
            limits[limit] = registry.makeCounter(
                descriptor: Self.name("simulcast_limit_hits_total", help: "Requests, messages or connections refused or closed by a limit"),
                labels: [("limit", limit.rawValue)])
        }
        self.limits = limits
        var inbound: [String: Counter] = [:]
        var outbound: [String: Counter] = [:]
        for type in Self.messageTypes {
            inbound[type] = registry.makeCounter(
                descriptor: Self.name("simulcast_messages_total", help: "WebSocket messages"), labels: [("direction", "in"), ("type", type)])
            outbound[type] = registry.makeCounter(
                descriptor: Self.name("simulcast_messages_total", help: "WebSocket messages"), labels: [("direction", "out"), ("type", type)])
        }
        self.inbound = inbound
        self.outbound = outbound
        var errors: [Wire.ErrorCode: Counter] = [:]
        for code in Self.errorCodes {
            errors[code] = registry.makeCounter(
                descriptor: Self.name("simulcast_protocol_errors_total", help: "error messages sent to clients"), labels: [("code", code.rawValue)])
        }
        self.errors = errors
    }

    /// This node started (positive) or stopped (negative) following hosted rooms.
    package func followingHostedRooms(_ change: Int) { hostedRoomsFollowed.increment(by: Double(change)) }
    package func hostingLoginRefused() { hostingLoginsRefused.increment() }
    package func handedOver() { handovers.increment() }
    /// This node started (positive) or stopped (negative) following listeners' players.
    package func followingListeners(_ change: Int) { listenersFollowed.increment(by: Double(change)) }
    package func listenerLoginRefused() { listenerLoginsRefused.increment() }
    package func reactionPassedOn(_ reaction: Reaction) { reactions[reaction]?.increment() }

    package func connections(_ role: ParticipantRole) -> Gauge {
        role == .host ? hostConnections : listenerConnections
    }

    package func limitHit(_ limit: Limit) { limits[limit]?.increment() }

    package func received(_ message: WireMessage) { inbound[message.type]?.increment() }

    package func broadcast(deliveries count: Int) {
        outbound[WireMessage.Kind.roomState.rawValue]?.increment(by: Int64(count))
        deliveries.increment(by: Int64(count))
    }

    package func error(_ code: Wire.ErrorCode) { errors[code]?.increment() }

    package func storeFailure() { storeFailures.increment() }

    package func commitConflict() { commitConflicts.increment() }
    package func commitDropped() { commitsDropped.increment() }

    package func matchLatency(_ duration: Duration, service: MusicService, status: MatchResult.Status) {
        registry.makeDurationHistogram(
            descriptor: Self.name("simulcast_match_duration_seconds", help: "Time to match a track on a service, cache misses only"),
            labels: [("service", Self.label(service)), ("status", status.rawValue)],
            buckets: [
                .milliseconds(1), .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
                .seconds(5), .seconds(10),
            ]
        ).record(duration)
    }

    /// A service's `Retry-After` held every request to it back for `seconds` (after the cap).
    public func serviceHeldBack(_ service: MusicService, seconds: Double) {
        let labels = [("service", Self.label(service))]
        registry.makeCounter(
            descriptor: Self.name("simulcast_service_holdoffs_total", help: "Retry-After answers that held requests to a music service back"), labels: labels
        ).increment()
        registry.makeCounter(
            descriptor: Self.name("simulcast_service_holdoff_seconds_total", help: "Seconds music services' Retry-After held requests back, after the cap"),
            labels: labels
        ).increment(by: seconds)
    }

    public func render() -> String { registry.emitToString() }

    /// Only services this build knows become label values.
    package static func label(_ service: MusicService) -> String {
        [MusicService.spotify, .appleMusic, .deezer, .localFiles].contains(service) ? service.rawValue : "other"
    }

    /// A metric's full name as written (the unit is already part of it, so none is appended).
    package static func name(_ name: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}
