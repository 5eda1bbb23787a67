import SimulcastCore

/// The track a Mac player is on, as its AppleScript answer gives it.
public struct MacAppTrack: Hashable, Sendable {
    public var service: MusicService
    public var id: String
    public var title: String
    public var artist: String?
    public var album: String?
    public var durationMs: Double?
    /// Where the app said it was; nil when it did not say (the source then holds).
    public var positionMs: Double?
    public var playing: Bool

    public init(
        service: MusicService, id: String, title: String, artist: String?, album: String?, durationMs: Double?, positionMs: Double?, playing: Bool
    ) {
        self.service = service
        self.id = id
        self.title = title
        self.artist = artist
        self.album = album
        self.durationMs = durationMs
        self.positionMs = positionMs
        self.playing = playing
    }

    /// The track as the room shares it.
    public var metadata: TrackMetadata {
        TrackMetadata(
            service: service, id: id, title: title, artists: artist.map { [$0] } ?? [], album: album, durationMs: durationMs.map { Int($0.rounded()) })
    }
}
