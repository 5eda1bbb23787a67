import Prometheus
import SimulcastCore

/// The server's Prometheus metrics. Each application has its own registry (no global
/// bootstrap), so tests can run several servers in one process.
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    let roomsLoaded: Gauge
    let hostConnections: Gauge
    let listenerConnections: Gauge
    let roomsCreated: Counter

    public init() {
        roomsLoaded = registry.makeGauge(name: "simulcast_rooms_active", help: "Rooms with at least one connection")
        hostConnections = registry.makeGauge(name: "simulcast_connections", labels: [("role", "host")], help: "Open WebSocket connections")
        listenerConnections = registry.makeGauge(name: "simulcast_connections", labels: [("role", "listener")], help: "Open WebSocket connections")
        roomsCreated = registry.makeCounter(name: "simulcast_rooms_created_total", help: "Rooms created")
    }

    func connections(_ role: ParticipantRole) -> Gauge {
        role == .host ? hostConnections : listenerConnections
    }

    func message(_ direction: String, type: String) {
        registry.makeCounter(name: "simulcast_messages_total", labels: [("direction", direction), ("type", type)], help: "WebSocket messages").increment()
    }

    func error(_ code: Wire.ErrorCode) {
        registry.makeCounter(name: "simulcast_protocol_errors_total", labels: [("code", code.rawValue)], help: "error messages sent to clients").increment()
    }

    func matchLatency(_ duration: Duration, service: MusicService, status: MatchResult.Status) {
        registry.makeDurationHistogram(
            name: "simulcast_match_duration_seconds",
            labels: [("service", service.rawValue), ("status", status.rawValue)],
            buckets: [.milliseconds(1), .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)],
            help: "Time to match a track on a service, cache misses only"
        ).record(duration)
    }

    public func render() -> String { registry.emitToString() }
}
