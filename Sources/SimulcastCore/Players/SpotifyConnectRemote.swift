/// The part of Spotify's Web API that plays on a listener's own Spotify app (Spotify
/// Connect): list devices, read playback, start, seek, pause. Live: `SpotifyClient`; the
/// sync simulator's Connect device; the tests' loopback Web API. Errors are
/// `SpotifyConnectRefusal`s.
public protocol SpotifyConnectRemote: Sendable {
    func devices() async throws -> [SpotifyConnectDevice]
    /// `GET /v1/me/player`, stamped with when the question left and the answer came back on
    /// the caller's clock; nil inside when nothing is active (204).
    func playback() async throws -> PolledAnswer<SpotifyConnectPlayback?>
    /// Starts a track at a position on the device (`PUT /v1/me/player/play` with `uris`).
    func play(trackId: String, positionMs: Int, deviceId: String) async throws
    /// Resumes what the device has (`PUT /v1/me/player/play`, no body).
    func resume(deviceId: String) async throws
    func seek(positionMs: Int, deviceId: String) async throws
    func pause(deviceId: String) async throws
}
