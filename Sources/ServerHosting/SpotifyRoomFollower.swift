import Catalogs
import HostSources
import Logging
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SpotifyAuth

/// One hosted room followed by this node: the CLI's `SpotifyHostSource` polling the host's
/// Spotify, publishing through a `HostSession` whose connection is in-process. A rotated
/// refresh token is sealed and saved at once, so a restart resumes with the newest.
struct SpotifyRoomFollower: Sendable {
    /// The host's Spotify changed nothing for the idle limit.
    struct HostIdle: Error {}

    let room: String
    let generation: Int
    let sealed: [UInt8]
    let store: any HostedAccountStore
    let hub: RoomHub
    let key: SecretsKey
    let configuration: SpotifyRoomHosting.Configuration
    /// The node's pace for Spotify's Web API, shared by every room it follows.
    let pacer: RequestPacer
    let transport: any HTTPTransport
    let clock: any LocalClock
    let logger: Logger

    /// Until cancelled, or until Spotify or the room refuses for good (then the login is
    /// forgotten: the host page asks the host to log in again, or hosting has moved on).
    func run() async {
        var logger = self.logger
        logger[metadataKey: "room"] = "\(room)"
        do {
            let credential = try HostCredential.open(sealed, with: key)
            try await follow(credential, logger: logger)
        } catch is CancellationError {
        } catch let error as CatalogServiceError {
            // Only a refused login ends the source (its other failures are retried inside).
            logger.notice("Spotify refused the host's login; the host is asked to log in again", metadata: ["error": "\(error)"])
            await forgetLogin(logger: logger)
        } catch let error as RoomRefusal where error.code == .hostReplaced {
            if await handedOver() {
                // The host gave the room to a listener: the old host's login has no use left.
                logger.notice("the host handed the room to a listener; the server forgets the old host's Spotify login")
                try? await store.deleteHostedAccount(room: room)
            } else {
                // Taken back with the room's own token: said on the host page, the login kept.
                logger.notice("another connection with the room's host token took over; the server stops following the host's Spotify")
                try? await store.markHostReplaced(room: room, generation: generation)
            }
        } catch let error as RoomRefusal {
            logger.notice("the room refused the server's host connection; hosting from the browser ends", metadata: ["error": "\(error)"])
            try? await store.deleteHostedAccount(room: room)
        } catch is HostIdle {
            logger.notice("the host's Spotify changed nothing for the idle limit; hosting from the browser ends")
            try? await store.deleteHostedAccount(room: room)
        } catch let error as SecretsKey.Problem {
            // Never forgotten: the login may open on a node with the right key.
            logger.warning("\(error.description); this node does not follow the room")
        } catch {
            if !Task.isCancelled { logger.warning("following the hosted room stopped", metadata: ["error": "\(error)"]) }
        }
    }

    /// Whether the room's host token changed (a handover), so the login's token no longer opens it.
    private func handedOver() async -> Bool {
        guard let credential = try? HostCredential.open(sealed, with: key), let live = try? await hub.room(code: room) else { return false }
        return await !live.verifyHost(token: credential.hostToken)
    }

    private func forgetLogin(logger: Logger) async {
        hub.metrics.hostingLoginRefused()
        do { try await store.updateHostedCredential(room: room, generation: generation, sealedCredential: nil) } catch {
            logger.warning("cannot forget the refused login", metadata: ["error": "\(error)"])
        }
    }

    private func follow(_ credential: HostCredential, logger: Logger) async throws {
        let (room, generation, store, key) = (self.room, self.generation, self.store, self.key)
        let api = configuration.userAPI(
            login: credential, key: key, save: { try await store.updateHostedCredential(room: room, generation: generation, sealedCredential: $0) },
            pacer: pacer, transport: transport, clock: clock, logger: logger)
        let client = RoomConnection(
            serverURL: "in-process", hello: Wire.Hello(role: .host, room: room, hostToken: credential.hostToken, client: "simulcast-server"), clock: clock,
            transport: InProcessRoomTransport(hub: hub), logger: logger)
        let session = HostSession(client: client, queue: api)
        let source = SpotifyHostSource(api: api, sink: session, clock: clock, configuration: configuration.source, logger: logger)
        let activity = LastActivity(clock.now())
        let idleLimit = configuration.idleLimit
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.run() }
            group.addTask { try await source.run { _ in activity.touch(clock.now()) } }
            group.addTask {
                // The room cannot expire while it is followed: an idle host's login ends here.
                let check = min(idleLimit / 10, .seconds(60))
                while true {
                    try await clock.sleep(until: clock.now().advanced(by: check))
                    if activity.quiet(for: idleLimit, now: clock.now()) { throw HostIdle() }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}
