import SimulcastCore

/// `GET /v1/me/player`: what `currently-playing` says, and the device it plays on.
public struct SpotifyPlaybackStateObject: Decodable, Sendable {
    public var device: SpotifyDeviceObject?
    public var playing: SpotifyCurrentlyPlaying

    enum CodingKeys: String, CodingKey { case device }

    public init(from decoder: any Decoder) throws {
        playing = try SpotifyCurrentlyPlaying(from: decoder)
        device = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(SpotifyDeviceObject.self, forKey: .device)
    }

    public var playback: SpotifyConnectPlayback {
        let track = playing.isAdvert || playing.currentlyPlayingType == "episode" ? nil : playing.item?.track
        return SpotifyConnectPlayback(
            deviceId: device?.id, trackId: track?.id, durationMs: track?.durationMs.map(Double.init), progressMs: Double(playing.progressMs ?? 0),
            playing: playing.isPlaying)
    }
}
