import Foundation
import ServiceHTTP
import SimulcastCore

/// Spotify Connect with a listener's user token (scopes `user-read-playback-state` and
/// `user-modify-playback-state`): the Player endpoints of the Web API, refusals mapped to
/// `SpotifyConnectRefusal`. Build the client with `RetryPolicy(maximumAttempts: 1)`: a command
/// retried later would land at a stale position, so the follower decides again instead.
extension SpotifyClient: SpotifyConnectRemote {
    public func devices() async throws -> [SpotifyConnectDevice] {
        struct Devices: Decodable { var devices: [SpotifyDeviceObject] }
        let response = try await player("GET", "/v1/me/player/devices", query: [])
        return try decodePlayer(Devices.self, response).devices.compactMap(\.device)
    }

    public func playback() async throws -> PolledAnswer<SpotifyConnectPlayback?> {
        let sentAt = http.clock.now()
        let response = try await player("GET", "/v1/me/player", query: [("additional_types", "track,episode")])
        let receivedAt = http.clock.now()
        if response.status == 204 || response.body.isEmpty { return PolledAnswer(nil, sentAt: sentAt, receivedAt: receivedAt) }
        return PolledAnswer(try decodePlayer(SpotifyPlaybackStateObject.self, response).playback, sentAt: sentAt, receivedAt: receivedAt)
    }

    public func play(trackId: String, positionMs: Int, deviceId: String) async throws {
        struct Body: Encodable {
            var uris: [String]
            var positionMs: Int
            enum CodingKeys: String, CodingKey {
                case uris
                case positionMs = "position_ms"
            }
        }
        let body = try JSONEncoder().encode(Body(uris: ["spotify:track:\(trackId)"], positionMs: max(0, positionMs)))
        _ = try await player("PUT", "/v1/me/player/play", query: [("device_id", deviceId)], json: body)
    }

    public func resume(deviceId: String) async throws {
        _ = try await player("PUT", "/v1/me/player/play", query: [("device_id", deviceId)])
    }

    public func seek(positionMs: Int, deviceId: String) async throws {
        _ = try await player("PUT", "/v1/me/player/seek", query: [("position_ms", String(max(0, positionMs))), ("device_id", deviceId)])
    }

    public func pause(deviceId: String) async throws {
        _ = try await player("PUT", "/v1/me/player/pause", query: [("device_id", deviceId)])
    }

    /// One Player call: 2xx returns; every refusal becomes a `SpotifyConnectRefusal`.
    private func player(_ method: String, _ path: String, query: [(String, String)], json: Data? = nil) async throws -> TransportResponse {
        let response: TransportResponse
        do {
            response = try await authorized(path, query: query, method: method, json: json)
        } catch let error as CatalogServiceError {
            throw Self.refusal(error)
        }
        if (200..<300).contains(response.status) { return response }
        let reason = (try? JSONDecoder().decode(SpotifyPlayerErrorObject.self, from: response.body))?.error?.reason
        switch (response.status, reason) {
        case (_, "PREMIUM_REQUIRED"): throw SpotifyConnectRefusal.notPremium
        case (_, "NO_ACTIVE_DEVICE"), (404, _): throw SpotifyConnectRefusal.noDevice
        case (429, _):
            throw SpotifyConnectRefusal.rateLimited(retryAfterMs: RetryPolicy.retryAfterSeconds(response.headers["retry-after"]).map { $0 * 1000 })
        case (401, _): throw SpotifyConnectRefusal.loginRefused
        case (403, let reason?): throw SpotifyConnectRefusal.failed(Self.readable(reason))
        case (let status, _): throw SpotifyConnectRefusal.failed("HTTP \(status)")
        }
    }

    private func decodePlayer<T: Decodable>(_ type: T.Type, _ response: TransportResponse) throws -> T {
        do {
            return try http.decode(type, from: response)
        } catch {
            throw SpotifyConnectRefusal.failed("\(error)")
        }
    }

    static func refusal(_ error: CatalogServiceError) -> SpotifyConnectRefusal {
        switch error {
        case .rateLimited(_, let seconds): .rateLimited(retryAfterMs: seconds.map { $0 * 1000 })
        case .unauthorized, .loginRefused, .notConfigured: .loginRefused
        case .unreachable: .unreachable
        default: .failed("\(error)")
        }
    }

    /// A reason code as words (`NOT_PAUSED` to "not paused"); unknown codes stay codes, never free text.
    static func readable(_ reason: String) -> String {
        reason.allSatisfy({ $0.isUppercase || $0 == "_" }) ? reason.lowercased().replacingOccurrences(of: "_", with: " ") : "refused"
    }
}

/// The host's queue (scope `user-modify-playback-state`, asked for when the host turns song
/// requests on): `POST /v1/me/player/queue`, on the device playing now.
extension SpotifyClient: HostQueue {
    public func add(_ track: TrackMetadata) async throws(HostQueueRefusal) {
        guard track.service == .spotify else { throw HostQueueRefusal("the song is not a Spotify song") }
        do {
            _ = try await player("POST", "/v1/me/player/queue", query: [("uri", "spotify:track:\(track.id)")])
        } catch let refusal as SpotifyConnectRefusal {
            throw Self.queueRefusal(refusal)
        } catch {
            throw HostQueueRefusal("Spotify could not be asked: \(error)")
        }
    }

    static func queueRefusal(_ refusal: SpotifyConnectRefusal) -> HostQueueRefusal {
        switch refusal {
        case .notPremium: HostQueueRefusal("the host's Spotify adds to its queue only with Premium")
        case .noDevice: HostQueueRefusal("the host's Spotify is not playing on any device")
        case .restricted: HostQueueRefusal("the host's device does not let other apps add to its queue")
        case .loginRefused: HostQueueRefusal("Spotify refused the host's login")
        case .rateLimited, .unreachable: HostQueueRefusal("Spotify could not be asked just now")
        case .failed("HTTP 403"):
            HostQueueRefusal("the host's Spotify login does not allow adding to the queue; the host logs in again allowing song requests")
        case .failed(let detail): HostQueueRefusal("Spotify refused: \(detail)")
        }
    }
}
