/// What the host meant by a state: an action (play, pause, resume, seek) or a re-anchor of
/// the same playback (a heartbeat, or a poll that re-measured the player). Listeners reset
/// what they were waiting for only on an action. Optional on the wire (`intent`); a value a
/// client does not know reads as an action, and without it clients fall back to comparing
/// the new anchor with the old one (within 50 ms is a re-anchor).
public struct PlaybackIntent: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let play = PlaybackIntent(rawValue: "play")
    public static let pause = PlaybackIntent(rawValue: "pause")
    public static let resume = PlaybackIntent(rawValue: "resume")
    public static let seek = PlaybackIntent(rawValue: "seek")
    public static let reanchor = PlaybackIntent(rawValue: "reanchor")

    public var description: String { rawValue }

    /// The longest value accepted from a host.
    public static let maximumBytes = 16
}
