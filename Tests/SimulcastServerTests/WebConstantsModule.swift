import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SpotifyAuth

/// `Web/constants.js`, written from the Swift definitions: the values the pages and the Swift
/// code share (message types, reactions, presence statuses, error and close codes, the final
/// refusals, limits, the in-sync figure, the connection's timing, storage keys, OAuth scopes).
/// `WebConstantsTests` fails when the committed file differs from this.
enum WebConstantsModule {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SimulcastServer/Web/constants.js")

    static var text: String {
        var lines = [
            "// @ts-check",
            "// Generated from the Swift definitions by Tests/SimulcastServerTests/WebConstantsModule.swift:",
            "// do not edit. Regenerate with",
            "//   SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WebConstantsTests",
            "// and a test fails when this file and the Swift values differ.",
            "",
        ]
        func constant(_ name: String, _ doc: String, _ value: String) {
            lines.append("/** \(doc) */")
            lines.append("export const \(name) = \(value);")
        }
        constant("PROTOCOL_VERSION", "The wire protocol's version (`v` in every message).", "\(WireMessage.protocolVersion)")
        constant(
            "MessageType", "Each wire message's `type` (WireMessage.Kind).",
            object(WireMessage.Kind.allCases.map { ("\($0)", string($0.rawValue)) }))
        constant(
            "ErrorCode", "The `code` of the wire's `error` messages (Wire.ErrorCode).",
            object(Wire.ErrorCode.allCases.map { ("\($0)", string($0.rawValue)) }))
        constant(
            "CLOSE_CODES", "The WebSocket close code each error ends a connection with (Wire.ErrorCode.closeCode).",
            object(Wire.ErrorCode.allCases.map { (string($0.rawValue), "\($0.closeCode)") }))
        constant(
            "FINAL_CLOSE_CODES", "Closes after which reconnecting can only be refused again (Wire.ErrorCode.isFinal): stop and say why.",
            array(Wire.ErrorCode.finalCloseCodes.map { "\($0)" }))
        constant("REACTIONS", "The fixed set of reactions, in the bar's order (Reaction).", array(Reaction.allCases.map { string($0.rawValue) }))
        constant("REACTION_EMOJI", "How each reaction is drawn (Reaction.emoji).", object(Reaction.allCases.map { (string($0.rawValue), string($0.emoji)) }))
        constant(
            "PresenceStatus", "Where a listener stands in `room.presence` (PresenceStatus).",
            object(PresenceStatus.allCases.map { ("\($0)", string($0.rawValue)) }))
        let services: [MusicService] = [.appleMusic, .spotify, .deezer, .localFiles, .youtube]
        constant(
            "SERVICE_NAMES", "The services' names as people know them (MusicService.displayName).",
            object(services.map { (string($0.rawValue), string($0.displayName)) }))
        constant("IN_SYNC_MS", "Within this many ms of the host a listener is \"in sync\" (InSync.thresholdMs).", number(InSync.thresholdMs))
        constant("OUTPUT_LATENCY_LIMIT_MS", "An output latency beyond ± this many ms is not one (OutputLatency.limitMs).", number(OutputLatency.limitMs))
        constant("NAME_MAXIMUM_CHARACTERS", "The longest name a listener or host may show (DisplayName.maximumCharacters).", "\(DisplayName.maximumCharacters)")
        constant(
            "CONNECTION",
            "The room connection's timing in ms (ConnectionDriver): a burst of pings at connect, then a steady pace; backoff doubling to a maximum, ±20 %, from the start again once a connection lasted `stableAfterMs`.",
            object([
                ("burstSize", "\(ConnectionDriver.burstSize)"), ("burstSpacingMs", "\(ConnectionDriver.burstSpacing.inMicroseconds / 1000)"),
                ("pingIntervalMs", "\(ConnectionDriver.defaultPingInterval.inMicroseconds / 1000)"),
                ("firstBackoffMs", number(ConnectionDriver.firstBackoffSeconds * 1000)),
                ("maximumBackoffMs", number(ConnectionDriver.maximumBackoffSeconds * 1000)),
                ("stableAfterMs", "\(ConnectionDriver.stableAfter.inMicroseconds / 1000)"),
            ]))
        constant(
            "StorageKey", "What the pages keep in the browser's storage (WebStorageKey).",
            object([
                ("service", string(WebStorageKey.service)), ("spotifyMode", string(WebStorageKey.spotifyMode)), ("volume", string(WebStorageKey.volume)),
                ("listenerName", string(WebStorageKey.listenerName)),
                ("hostName", string(WebStorageKey.hostName)), ("hostTokenPrefix", string(WebStorageKey.hostTokenPrefix)),
                ("hostModePrefix", string(WebStorageKey.hostModePrefix)), ("outputLatency", string(WebStorageKey.outputLatency)),
                ("spotifyTokens", string(WebStorageKey.spotifyTokens)), ("pkce", string(WebStorageKey.pkce)), ("returning", string(WebStorageKey.returning)),
                ("lockNotice", string(WebStorageKey.lockNotice)), ("followPrefix", string(WebStorageKey.followPrefix)),
                ("pendingSave", string(WebStorageKey.pendingSave)), ("preferClean", string(WebStorageKey.preferClean)),
                ("youtubeFallback", string(WebStorageKey.youtubeFallback)),
                ("requestsPrefix", string(WebStorageKey.requestsPrefix)), ("handover", string(WebStorageKey.handover)),
            ]))
        constant(
            "SPOTIFY_HOST_SCOPES", "What a host's Spotify login grants: reading what plays (SpotifyPKCE.hostScopes).", array(SpotifyPKCE.hostScopes.map(string))
        )
        constant(
            "SPOTIFY_QUEUE_SCOPE",
            "Added to a host's login when the room takes song requests: accepted songs go into the host's queue (SpotifyPKCE.queueScope).",
            string(SpotifyPKCE.queueScope))
        constant(
            "SPOTIFY_LISTENER_SCOPES", "What a listener's Spotify login grants: the Web Playback SDK and starting a track (SpotifyPKCE.listenerScopes).",
            array(SpotifyPKCE.listenerScopes.map(string)))
        constant(
            "SPOTIFY_CONNECT_SCOPES",
            "What a listener's login for the server's follow grants: reading and controlling their player, nothing else (SpotifyPKCE.connectScopes).",
            array(SpotifyPKCE.connectScopes.map(string)))
        let connect = SpotifyConnectPlayer.followConfiguration(service: .spotify, storefront: "us")
        let tracker = SpotifyConnectPlayer.trackerConfiguration
        constant(
            "SPOTIFY_CONNECT",
            "Following a listener's own Spotify app through the Web API (SpotifyConnectPlayer): the follow policy's figures, in ms, and the poll pace (PlayerPollTracker).",
            object([
                ("seekThresholdMs", number(connect.seekThresholdMs)), ("minimumCorrectionIntervalMs", number(connect.minimumCorrectionIntervalMs)),
                ("defaultStartLatencyMs", number(connect.defaultStartLatencyMs)), ("defaultSeekLatencyMs", number(connect.defaultSeekLatencyMs)),
                ("landingTimeoutMs", number(connect.landingTimeoutMs)), ("playingIntervalMs", number(tracker.playingIntervalMs)),
                ("pausedIntervalMs", number(tracker.pausedIntervalMs)), ("idleIntervalMs", number(tracker.idleIntervalMs)),
                ("burstIntervalMs", number(tracker.burstIntervalMs)), ("burstPolls", "\(tracker.burstPolls)"),
                ("trackEndLeadMs", number(tracker.trackEndLeadMs)), ("maximumBackoffMs", number(tracker.maximumBackoffMs)),
                ("pauseSettleMs", number(SpotifyConnectPlayer.pauseSettleMs)),
            ]))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func string(_ value: String) -> String {
        let data = try? JSONEncoder().encode(value)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }

    private static func array(_ items: [String]) -> String { "Object.freeze([" + items.joined(separator: ", ") + "])" }

    private static func object(_ pairs: [(String, String)]) -> String {
        let key = { (name: String) in name.hasPrefix("\"") || name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : string(name) }
        return "Object.freeze({\n" + pairs.map { "  \(key($0.0)): \($0.1)," }.joined(separator: "\n") + "\n})"
    }
}
