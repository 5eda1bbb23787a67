import Foundation

/// What the fake `osascript` answers: the app's state, written atomically by the test.
public struct FakeMacAppState: Codable, Sendable {
    public struct Track: Codable, Sendable {
        /// `spotify:track:ID` for Spotify, a persistent ID for Music.
        public var id: String
        public var name: String
        public var artist: String
        public var album: String
        /// As the app writes it: ms for Spotify, seconds for Music.
        public var duration: String

        public init(id: String, name: String, artist: String, album: String, duration: String) {
            self.id = id
            self.name = name
            self.artist = artist
            self.album = album
            self.duration = duration
        }
    }

    public var running = true
    public var authorized = true
    /// "playing", "paused" or "stopped".
    public var state = "stopped"
    public var track: Track?
    /// Where the track was at `sinceEpochMs` (wall-clock ms since 1970).
    public var positionMs: Double = 0
    public var sinceEpochMs: Double = 0
    public var startupMs: Double = 30
    /// Printed instead of an answer.
    public var garbage: String?

    public init() {}

    /// Plays `track` from `positionMs` now.
    public mutating func play(_ track: Track, from positionMs: Double) {
        self.track = track
        state = "playing"
        self.positionMs = positionMs
        sinceEpochMs = Self.nowMs
    }

    public mutating func pause() {
        positionMs = position
        sinceEpochMs = Self.nowMs
        state = "paused"
    }

    public mutating func resume() {
        sinceEpochMs = Self.nowMs
        state = "playing"
    }

    public mutating func seek(to positionMs: Double) {
        self.positionMs = positionMs
        sinceEpochMs = Self.nowMs
    }

    /// Where the app is now, as the fake computes it.
    public var position: Double { state == "playing" ? positionMs + Self.nowMs - sinceEpochMs : positionMs }

    public static var nowMs: Double { Date().timeIntervalSince1970 * 1000 }

    public func write(to path: String) throws {
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
