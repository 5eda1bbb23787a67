import Catalogs
import Logging
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SpotifyAuth

/// One listener follow run by this node: the CLI's own `ListenerSession` and
/// `SpotifyConnectPlayer` (`listen --player spotify-connect`) keeping the listener's Spotify
/// app in sync, joined to the room over an in-process connection. A rotated refresh token is
/// sealed and saved at once, so a restart resumes with the newest.
struct SpotifyListenerFollower: Sendable {
    /// The room played nothing for the idle limit: its host is gone, and the follow with them.
    struct RoomIdle: Error {}

    let room: String
    let id: String
    let sealed: [UInt8]
    let store: any ListenerFollowStore
    let hub: RoomHub
    let key: SecretsKey
    let configuration: SpotifyRoomHosting.Configuration
    let pacer: RequestPacer
    let transport: any HTTPTransport
    let clock: any LocalClock
    let logger: Logger

    /// Until cancelled (stopped, or moved to another node), or until Spotify or the room
    /// refuses for good: a refused login is forgotten (the page says so), a room that is gone
    /// takes the follow with it.
    func run() async {
        var logger = self.logger
        logger[metadataKey: "room"] = "\(room)"
        logger[metadataKey: "follow"] = "\(id)"
        do {
            try await follow(try ListenerCredential.open(sealed, with: key), logger: logger)
        } catch is CancellationError {
        } catch let refusal as SpotifyConnectRefusal {
            logger.notice("Spotify refuses to play for the listener; the server stops following", metadata: ["refusal": "\(refusal)"])
            await forgetLogin(logger: logger)
        } catch let error as CatalogServiceError {
            logger.notice("Spotify refused the listener's login; the server stops following", metadata: ["error": "\(error)"])
            await forgetLogin(logger: logger)
        } catch let error as RoomRefusal {
            logger.notice("the room refused the listener's connection; the follow ends", metadata: ["error": "\(error)"])
            try? await store.deleteListenerFollow(room: room, id: id)
        } catch is RoomIdle {
            // Its connection keeps the room loaded, so the room would never expire: the follow ends instead.
            logger.notice("the room played nothing for the idle limit; the listener's follow ends")
            try? await store.deleteListenerFollow(room: room, id: id)
        } catch let error as SecretsKey.Problem {
            logger.warning("\(error.description); this node does not follow the listener")
        } catch {
            if !Task.isCancelled { logger.warning("following for the listener stopped", metadata: ["error": "\(error)"]) }
        }
    }

    private func forgetLogin(logger: Logger) async {
        hub.metrics.listenerLoginRefused()
        do { try await store.updateListenerFollowCredential(room: room, id: id, sealedCredential: nil) } catch {
            logger.warning("cannot forget the refused login", metadata: ["error": "\(error)"])
        }
    }

    private func follow(_ credential: ListenerCredential, logger: Logger) async throws {
        let (room, id, store, key) = (self.room, self.id, self.store, self.key)
        let api = configuration.userAPI(
            login: credential, key: key, save: { try await store.updateListenerFollowCredential(room: room, id: id, sealedCredential: $0) },
            pacer: pacer, transport: transport, clock: clock, logger: logger)
        // The device the page played on, by id: listed or not (a locked phone may drop out of
        // the list for a while), commands go to it, and a moved playback is followed there.
        let device = SpotifyConnectDevice(id: credential.deviceId, name: "the listener's Spotify app", kind: "Unknown")
        let player = SpotifyConnectPlayer(remote: api, device: device, clock: clock, logger: logger)
        let hello = Wire.Hello(
            role: .listener, room: room, service: .spotify, storefront: credential.storefront, client: "simulcast-server", name: credential.name)
        let client = RoomConnection(serverURL: "in-process", hello: hello, clock: clock, transport: InProcessRoomTransport(hub: hub), logger: logger)
        let session = ListenerSession(
            client: client, player: player, policy: SpotifyConnectPlayer.followConfiguration(service: .spotify, storefront: credential.storefront),
            logger: logger)
        let watch = session.tickInterval * 5
        let (idleLimit, activity) = (configuration.idleLimit, LastActivity(clock.now()))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.run() }
            group.addTask {
                // Spotify refused for good (login revoked, not Premium): the follow cannot go on.
                while true {
                    try await clock.sleep(until: clock.now().advanced(by: watch))
                    if let refusal = await player.refusal, refusal.isFinal { throw refusal }
                }
            }
            group.addTask {
                // A room whose song does not move for the idle limit (no host, paused, nothing
                // playing) lets its listener's follow go.
                let check = min(idleLimit / 10, .seconds(60))
                while true {
                    try await clock.sleep(until: clock.now().advanced(by: check))
                    if await Self.roomMoves(session.status().follow) { activity.touch(clock.now()) }
                    if activity.quiet(for: idleLimit, now: clock.now()) { throw RoomIdle() }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Whether the room plays a song this follower is on (or getting to).
    static func roomMoves(_ status: FollowStatus) -> Bool {
        switch status {
        case .matching, .starting, .seeking, .following: true
        case .waitingForRoom, .waitingForHost, .noMatch, .paused, .holding: false
        }
    }
}
