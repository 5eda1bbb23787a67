import DBus
import Foundation
import MPRIS
import SimulcastCore

/// A media player on a (private) session bus that speaks MPRIS as the spec says: properties
/// through org.freedesktop.DBus.Properties, PropertiesChanged when the track or status
/// changes, Seeked on seeks, and no announcement of the moving position. It records every
/// method called on it. `library` maps URIs it can open to their metadata.
public actor FakeMPRISPlayer {
    public struct Call: Sendable {
        public var member: String
        public var body: [DBusValue]
        public var at: LocalTime
    }

    public let connection: DBusConnection
    public let name: String
    let clock: any LocalClock
    var library: [String: MPRISMetadata]
    public private(set) var metadata = MPRISMetadata()
    public private(set) var status = MPRISPlaybackStatus.stopped
    private var basePositionMicros: Int64 = 0
    private var since = LocalTime(micros: 0)
    public private(set) var calls: [Call] = []
    public private(set) var volume = 1.0
    /// mpv's quirk, when set: a seek made while paused reads this much short (its output
    /// buffer) until the player next plays, though it resumes from the true position.
    public var pausedSeekReadsShortMicros: Int64?
    private var readingShortMicros: Int64 = 0
    /// Methods answered with an error, as a player that fails or times out a call.
    private var failing: Set<String> = []

    /// Connects to the bus at `socketPath` and takes `org.mpris.MediaPlayer2.NAME`.
    public static func start(socketPath: String, name: String = "fake", library: [String: MPRISMetadata] = [:], clock: any LocalClock = SystemClock())
        async throws -> FakeMPRISPlayer
    {
        let connection = try await DBusConnection.connect(path: socketPath)
        let player = FakeMPRISPlayer(connection: connection, name: name, library: library, clock: clock)
        await connection.serve { message in await player.handle(message) }
        try await connection.requestName(MPRISPlayer.namePrefix + name)
        return player
    }

    public func readPausedSeeksShort(by micros: Int64?) { pausedSeekReadsShortMicros = micros }
    public func setVolume(_ value: Double) { volume = value }
    /// From now on `member` (say "Pause") is answered with an error and does nothing.
    public func fail(_ member: String) { failing.insert(member) }

    init(connection: DBusConnection, name: String, library: [String: MPRISMetadata], clock: any LocalClock) {
        self.connection = connection
        self.name = name
        self.library = library
        self.clock = clock
    }

    /// Where the player is now (µs).
    public var positionMicros: Int64 {
        status == .playing ? basePositionMicros + since.distance(to: clock.now()) : basePositionMicros
    }

    /// The true position at local time `time`, for comparing with what others inferred.
    public func positionMicros(at time: LocalTime) -> Int64 {
        status == .playing ? basePositionMicros + since.distance(to: time) : basePositionMicros
    }

    // MARK: What the user does at the player

    public func play(_ metadata: MPRISMetadata, fromMicros position: Int64 = 0) async {
        self.metadata = metadata
        basePositionMicros = position
        since = clock.now()
        status = .playing
        await announce(["Metadata": metadata.map, "PlaybackStatus": .string(status.rawValue)])
    }

    /// New tags for the playing file, its position untouched (mpv names a file by its file
    /// name first and reads its tags a moment later).
    public func retag(_ metadata: MPRISMetadata) async {
        self.metadata = metadata
        await announce(["Metadata": metadata.map])
    }

    public func userPause() async {
        basePositionMicros = positionMicros
        since = clock.now()
        status = .paused
        await announce(["PlaybackStatus": .string(status.rawValue)])
    }

    public func userResume() async {
        readingShortMicros = 0
        since = clock.now()
        status = .playing
        await announce(["PlaybackStatus": .string(status.rawValue)])
    }

    public func userSeek(toMicros position: Int64) async {
        basePositionMicros = max(0, position)
        readingShortMicros = status == .playing ? 0 : pausedSeekReadsShortMicros ?? 0
        since = clock.now()
        _ = try? await connection.send(
            DBusMessage(kind: .signal, path: MPRISPlayer.path, interface: MPRISPlayer.playerInterface, member: "Seeked", body: [.int64(basePositionMicros)]))
    }

    private func announce(_ changed: [String: DBusValue]) async {
        let body: [DBusValue] = [
            .string(MPRISPlayer.playerInterface), .stringVariantMap(changed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }),
            .array(elementSignature: "s", []),
        ]
        _ = try? await connection.send(
            DBusMessage(kind: .signal, path: MPRISPlayer.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", body: body))
    }

    // MARK: What clients call

    func properties() -> [String: DBusValue] {
        [
            "PlaybackStatus": .string(status.rawValue), "Metadata": metadata.map, "Position": .int64(positionMicros - readingShortMicros), "Rate": .double(1),
            "Volume": .double(volume),
            "CanSeek": .bool(true), "CanPlay": .bool(true), "CanPause": .bool(true), "CanControl": .bool(true),
        ]
    }

    func handle(_ message: DBusMessage) async -> DBusMessage? {
        calls.append(Call(member: message.member ?? "", body: message.body, at: clock.now()))
        if let member = message.member, failing.contains(member) {
            return message.errorReply(name: "org.freedesktop.DBus.Error.Failed", text: "\(member) failed")
        }
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard message.body.count == 2, let name = message.body[1].string, let value = properties()[name] else {
                return message.errorReply(name: "org.freedesktop.DBus.Error.InvalidArgs", text: "no such property")
            }
            return message.reply([.variant(value)])
        case ("org.freedesktop.DBus.Properties", "Set"):
            guard message.body.count == 3, message.body[1].string == "Volume", let value = message.body[2].unwrapped.double else {
                return message.errorReply(name: "org.freedesktop.DBus.Error.InvalidArgs", text: "no such writable property")
            }
            volume = max(0, value)
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            return message.reply([.stringVariantMap(properties().sorted { $0.key < $1.key }.map { ($0.key, $0.value) })])
        case (MPRISPlayer.playerInterface, "OpenUri"):
            guard let uri = message.body.first?.string, let found = library[uri] else {
                return message.errorReply(name: "org.freedesktop.DBus.Error.InvalidArgs", text: "cannot open that URI")
            }
            await play(found)
        case (MPRISPlayer.playerInterface, "SetPosition"):
            // The spec: ignore a SetPosition for a track that is no longer current.
            if message.body.count == 2, message.body[0].string == metadata.trackObjectPath, let position = message.body[1].int64 {
                await userSeek(toMicros: position)
            }
        case (MPRISPlayer.playerInterface, "Seek"):
            if let offset = message.body.first?.int64 { await userSeek(toMicros: positionMicros + offset) }
        case (MPRISPlayer.playerInterface, "Play"):
            if status != .playing, metadata.trackObjectPath != nil { await userResume() }
        case (MPRISPlayer.playerInterface, "Pause"):
            if status == .playing { await userPause() }
        case (MPRISPlayer.playerInterface, "Stop"):
            status = .stopped
            basePositionMicros = 0
            readingShortMicros = 0
            await announce(["PlaybackStatus": .string(status.rawValue)])
        default:
            return message.errorReply(name: "org.freedesktop.DBus.Error.UnknownMethod", text: "no method \(message.member ?? "")")
        }
        return message.reply()
    }

    public func close() async { await connection.close() }
}
