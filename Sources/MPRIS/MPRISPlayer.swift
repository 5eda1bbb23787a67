import DBus

/// One MPRIS player on the session bus, by its bus name.
public struct MPRISPlayer: Sendable {
    public static let path = "/org/mpris/MediaPlayer2"
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    public static let namePrefix = "org.mpris.MediaPlayer2."

    public let connection: DBusConnection
    public let busName: String

    public init(connection: DBusConnection, busName: String) {
        self.connection = connection
        self.busName = busName
    }

    /// Finds a player: `name` is the part after `org.mpris.MediaPlayer2.` (spotify, vlc, ...);
    /// without it, the only one there (or a clear error naming those found).
    public static func find(_ name: String?, on connection: DBusConnection) async throws -> MPRISPlayer {
        let players = try await connection.listNames().filter { $0.hasPrefix(namePrefix) }.sorted()
        let shortNames = players.map { String($0.dropFirst(namePrefix.count)) }
        if let name {
            // Instances register as NAME.instanceNNN.
            guard let index = shortNames.firstIndex(where: { $0 == name || $0.hasPrefix(name + ".") }) else {
                throw MPRISError.noPlayer(wanted: name, found: shortNames)
            }
            return MPRISPlayer(connection: connection, busName: players[index])
        }
        guard players.count == 1 else { throw MPRISError.noPlayer(wanted: nil, found: shortNames) }
        return MPRISPlayer(connection: connection, busName: players[0])
    }

    public struct State: Hashable, Sendable {
        public var metadata: MPRISMetadata
        public var status: MPRISPlaybackStatus
        public var positionMicros: Int64
        public var rate: Double
    }

    public func state() async throws -> State {
        let all = try await connection.properties(interface: Self.playerInterface, of: busName, path: Self.path)
        return State(
            metadata: MPRISMetadata(all["Metadata"]?.dictionary ?? [:]), status: MPRISPlaybackStatus(reported: all["PlaybackStatus"]?.string),
            positionMicros: all["Position"]?.int64 ?? 0, rate: all["Rate"]?.double ?? 1)
    }

    public func position() async throws -> Int64 {
        try await connection.property("Position", interface: Self.playerInterface, of: busName, path: Self.path).int64 ?? 0
    }

    public func call(_ member: String, _ body: [DBusValue] = []) async throws {
        _ = try await connection.call(
            DBusMessage(kind: .methodCall, path: Self.path, interface: Self.playerInterface, member: member, destination: busName, body: body))
    }

    public func openURI(_ uri: String) async throws { try await call("OpenUri", [.string(uri)]) }
    public func setPosition(trackObjectPath: String, micros: Int64) async throws {
        try await call("SetPosition", [.objectPath(trackObjectPath), .int64(max(0, micros))])
    }
    /// The player's volume (1 is full); nil where the player does not say.
    public func volume() async throws -> Double? {
        try await connection.property("Volume", interface: Self.playerInterface, of: busName, path: Self.path).double
    }
    public func setVolume(_ volume: Double) async throws {
        try await connection.setProperty("Volume", to: .double(volume), interface: Self.playerInterface, of: busName, path: Self.path)
    }
    public func play() async throws { try await call("Play") }
    public func pause() async throws { try await call("Pause") }
    public func stop() async throws { try await call("Stop") }

    /// The match rule for this player's signals (PropertiesChanged, Seeked).
    public var signalRule: String { "type='signal',sender='\(busName)',path='\(Self.path)'" }
}
