import Catalogs
import HostSources
import Logging
import Rooms
import ServiceHTTP
import SimulcastCore
import SpotifyAuth

/// Rooms hosted from a browser with Spotify: each node looks at the hosted rooms once a
/// `reconcileInterval`, claims those no live node follows (the store makes the claim atomic,
/// so exactly one node wins), follows them with the CLI's own `SpotifyHostSource` and
/// `HostSession` over an in-process connection, and stops following a room whose login was
/// replaced, stopped or claimed by another node. A node that dies stops renewing its lease;
/// another claims its rooms within the lease.
public actor SpotifyRoomHosting: RoomHosting {
    public struct Configuration: Sendable {
        public var clientId: String
        public var accountsURL: String
        public var apiURL: String
        public var source = SpotifyHostSource.Configuration()
        public var reconcileInterval: Duration = .seconds(1)
        /// A hosted room whose host's Spotify reports no change this long stops being followed
        /// and its login is deleted, so the room can expire (serve: the room expiry).
        public var idleLimit: Duration = .seconds(7 * 86_400)
        /// Hosted rooms this node follows at most; more are left to other nodes (each polls
        /// Spotify every 2 s while it plays, under the one client id).
        public var maximumFollowedRooms = 100
        /// Listener follows this node keeps at most, counted apart from hosted rooms: a hundred
        /// listeners pressing "keep in sync" must not leave a new hosted room unfollowed.
        public var maximumListenerFollows = 50
        /// Requests to Spotify's Web API per second from everything this node follows
        /// together; a `Retry-After` holds them all back.
        public var apiRequestsPerSecond = 40
        /// The part of `apiRequestsPerSecond` listener follows may use; the rest is the hosted
        /// rooms' (hosts first: a room's listeners all depend on its host's poll).
        public var listenerRequestsPerSecond = 10

        public init(clientId: String, accountsURL: String = "https://accounts.spotify.com", apiURL: String = "https://api.spotify.com") {
            self.clientId = clientId
            self.accountsURL = accountsURL
            self.apiURL = apiURL
        }
    }

    let store: any HostedAccountStore & ListenerFollowStore
    let hub: RoomHub
    let key: SecretsKey
    let configuration: Configuration
    let transport: any HTTPTransport
    let clock: any LocalClock
    let logger: Logger
    /// The logins this node follows (`FollowedLogin.key`), each follower in a task of its own
    /// that `run` cancels and awaits before it returns (a follower ends when its login is no
    /// longer this node's).
    private var following: [String: (subject: FollowedLogin.Subject, serial: Int, task: Task<Void, Never>)] = [:]
    private var nextSerial = 0
    private var reconciling = false
    private var reconcileAgain = false
    /// Every followed login's Web API requests, paced together.
    let apiPacer: RequestPacer
    /// Listener follows' share of `apiPacer`.
    let listenerPacer: RequestPacer
    /// Whether "this node is at its cap" was said since it last had room.
    private var saidFull = false
    /// Logins this node's key cannot open ("room#generation"), said once each and never
    /// touched: another node with the right key follows them.
    private var unopenable: Set<String> = []

    public init(
        store: any HostedAccountStore & ListenerFollowStore, hub: RoomHub, key: SecretsKey, configuration: Configuration,
        transport: any HTTPTransport,
        logger: Logger = Logger(label: "simulcast.hosting")
    ) {
        self.store = store
        self.hub = hub
        self.key = key
        self.configuration = configuration
        self.transport = transport
        // The hub's clock: one clock for the server.
        self.clock = hub.clock
        self.logger = logger
        self.apiPacer = RequestPacer(limit: configuration.apiRequestsPerSecond, window: .seconds(1), clock: hub.clock)
        self.listenerPacer = RequestPacer(
            limit: min(configuration.listenerRequestsPerSecond, configuration.apiRequestsPerSecond), window: .seconds(1), clock: hub.clock,
            within: apiPacer)
    }

    public func host(room: String, hostToken: String, authorization: HostAuthorization) async throws {
        let login = try await redeem(authorization, room: room, forWhom: "host")
        // One room per Spotify account: the newest login takes the account's hosting over.
        for other in try await store.hostedAccounts() where other.room != room {
            guard let sealed = other.sealedCredential, let credential = try? HostCredential.open(sealed, with: key), credential.account == login.account else {
                continue
            }
            try await store.deleteHostedAccount(room: other.room)
            logger.notice("the host's Spotify moved from one hosted room to another", metadata: ["from": "\(other.room)", "to": "\(room)"])
        }
        let sealed = try HostCredential(hostToken: hostToken, refreshToken: login.refreshToken, account: login.account).sealed(with: key)
        try await store.saveHostedAccount(room: room, service: .spotify, sealedCredential: sealed)
        logger.notice("room hosted from the browser with Spotify", metadata: ["room": "\(room)"])
        await reconcile()
    }

    /// Finishes a Spotify login from a page (the code the authorize page gave it): the
    /// refresh token, and the account it belongs to as a hash.
    func redeem(_ authorization: HostAuthorization, room: String, forWhom: String) async throws -> (refreshToken: String, account: String) {
        guard authorization.service == .spotify else { throw HostingRefusal.notOffered(authorization.service) }
        let exchange = SpotifyCodeExchange(
            clientId: configuration.clientId, accountsURL: configuration.accountsURL, transport: transport, clock: clock, logger: logger)
        do {
            let login = try await exchange.redeemLogin(code: authorization.code, verifier: authorization.verifier, redirectURI: authorization.redirectURI)
            // A person waits on this one request: it takes the whole budget's next slot, not a
            // place behind the listener follows' polls (logins are limited per address and room).
            let api = SpotifyClient(
                token: { login.accessToken }, apiURL: configuration.apiURL, transport: transport, retry: RetryPolicy(maximumAttempts: 1), pacer: apiPacer,
                clock: clock, logger: logger)
            let user = try await api.currentUserId()
            return (login.refreshToken, HostCredential.accountHash(service: .spotify, user: user))
        } catch let error as CatalogServiceError {
            if case .loginRefused = error { throw HostingRefusal.loginRefused(.spotify) }
            logger.warning("the Spotify login could not be finished", metadata: ["room": "\(room)", "for": "\(forWhom)", "error": "\(error)"])
            throw HostingRefusal.serviceUnavailable(.spotify)
        }
    }

    public func stopHosting(room: String) async throws {
        try await store.deleteHostedAccount(room: room)
        await reconcile()
    }

    public func status(room: String) async throws -> HostingStatus {
        guard let account = try await store.hostedAccount(room: room) else { return .none }
        if account.sealedCredential == nil { return .refused(account.service) }
        if account.isReplaced { return .replaced(account.service) }
        return account.follower == nil ? .starting(account.service) : .following(account.service)
    }

    /// Reconciles once a `reconcileInterval` on the injected clock until cancelled; then stops
    /// every follower and waits for each, so none outlives the service.
    public func run() async {
        await sayWhichKeysSealedTheLogins()
        while !Task.isCancelled {
            await reconcile()
            do { try await clock.sleep(for: configuration.reconcileInterval) } catch { break }
        }
        for (_, followed) in following { followed.task.cancel() }
        for (_, followed) in following { await followed.task.value }
        for (_, followed) in following { count(followed.subject, -1) }
        following = [:]
    }

    /// Follows what this node should, and only that. One pass at a time: a pass that read the
    /// accounts before another claimed a room would take the claim as lost (the store refuses
    /// to claim a room this node already follows) and stop the follower, leaving the room
    /// claimed and unfollowed. A call during a pass has it run once more instead.
    func reconcile() async {
        if reconciling {
            reconcileAgain = true
            return
        }
        reconciling = true
        defer { reconciling = false }
        repeat {
            reconcileAgain = false
            await reconcilePass()
        } while reconcileAgain
    }

    private func reconcilePass() async {
        let logins: [FollowedLogin]
        do { logins = try await store.hostedAccounts().map(FollowedLogin.init) + store.listenerFollows().map(FollowedLogin.init) } catch {
            logger.warning("cannot read the hosted rooms and listener follows", metadata: ["error": "\(error)"])
            return
        }
        let byKey = Dictionary(logins.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if followingCount(hosts: true) < configuration.maximumFollowedRooms { saidFull = false }
        for (key, followed) in following {
            let login = byKey[key]
            var keep = login?.subject == followed.subject && login?.sealed != nil
            if keep, let follower = login?.follower {
                keep = follower == hub.node
            } else if keep, let login {
                // Our own lease lapsed for a moment (the database was slow): claim it again.
                keep = (try? await claim(login)) ?? false
            }
            if !keep {
                followed.task.cancel()
                following[key] = nil
                count(followed.subject, -1)
                logger.info("no longer following", metadata: ["login": "\(login?.described ?? key)"])
            }
        }
        // Hosted rooms first, each kind under its own cap.
        let waiting = logins.filter { following[$0.key] == nil && $0.follower == nil }.sorted { $0.isHost && !$1.isHost }
        for login in waiting {
            guard let sealed = login.sealed, login.service == .spotify else { continue }
            let cap = login.isHost ? configuration.maximumFollowedRooms : configuration.maximumListenerFollows
            guard followingCount(hosts: login.isHost) < cap else {
                if login.isHost, !saidFull {
                    saidFull = true
                    logger.warning(
                        "this node follows as many hosted rooms as it may; other nodes pick up the rest",
                        metadata: ["limit": "\(configuration.maximumFollowedRooms)"])
                }
                continue
            }
            // A login this node's key cannot open is never claimed, so never forgotten: a node
            // with a wrong (or newly made) key must not take over and wipe the others' logins.
            guard key.opens(sealed) else {
                if unopenable.insert("\(login.key)#\(login.subject)").inserted {
                    logger.warning(
                        "a login was sealed with another secrets key; this node leaves it to the nodes that have that key",
                        metadata: ["login": "\(login.described)", "sealed-with": "\(login.sealedKeyId ?? "unknown")", "this-key": "\(key.id)"])
                }
                continue
            }
            do {
                guard try await claim(login) else { continue }
            } catch {
                logger.warning("cannot claim a login to follow", metadata: ["login": "\(login.described)", "error": "\(error)"])
                continue
            }
            let run = follower(for: login, sealed: sealed)
            nextSerial += 1
            let (key, serial, subject) = (login.key, nextSerial, login.subject)
            following[key] = (
                subject, serial,
                Task {
                    await run()
                    self.ended(key, serial: serial)
                }
            )
            count(subject, 1)
            logger.info("following", metadata: ["login": "\(login.described)"])
        }
    }

    /// Hosted rooms (or listener follows) this node follows now.
    private func followingCount(hosts: Bool) -> Int {
        following.values.count { $0.subject.isHost == hosts }
    }

    /// Makes this node the login's follower, atomically (`HostedAccountStore.claimFollowing`).
    private func claim(_ login: FollowedLogin) async throws -> Bool {
        switch login.subject {
        case .host(let room, let generation): try await store.claimFollowing(room: room, generation: generation, node: hub.node)
        case .listener(let room, let id): try await store.claimListenerFollow(room: room, id: id, node: hub.node)
        }
    }

    /// What follows the login: a host's player publishing to the room, or a listener's
    /// player following it.
    private func follower(for login: FollowedLogin, sealed: [UInt8]) -> @Sendable () async -> Void {
        switch login.subject {
        case .host(let room, let generation):
            let follower = SpotifyRoomFollower(
                room: room, generation: generation, sealed: sealed, store: store, hub: hub, key: key, configuration: configuration, pacer: apiPacer,
                transport: transport, clock: clock, logger: logger)
            return { await follower.run() }
        case .listener(let room, let id):
            let follower = SpotifyListenerFollower(
                room: room, id: id, sealed: sealed, store: store, hub: hub, key: key, configuration: configuration, pacer: listenerPacer, transport: transport,
                clock: clock, logger: logger)
            return { await follower.run() }
        }
    }

    private func count(_ subject: FollowedLogin.Subject, _ change: Int) {
        switch subject {
        case .host: hub.metrics.followingHostedRooms(change)
        case .listener: hub.metrics.followingListeners(change)
        }
    }

    /// At start, loudly, when logins in the database were sealed with another key than this node's.
    private func sayWhichKeysSealedTheLogins() async {
        guard let logins = try? await store.hostedAccounts().map(FollowedLogin.init) + store.listenerFollows().map(FollowedLogin.init) else { return }
        let others = Set(logins.compactMap(\.sealedKeyId)).subtracting([key.id])
        guard !others.isEmpty else { return }
        let count = logins.filter { $0.sealedKeyId.map(others.contains) == true }.count
        logger.warning(
            "\(count) saved login(s) were sealed with another secrets key: this node will not follow them; give it the secrets-key-file the other nodes use",
            metadata: ["sealed-with": "\(others.sorted().joined(separator: ","))", "this-key": "\(key.id)"])
    }

    /// A follower stopped on its own (a refusal): the login is picked up again only when it changes.
    private func ended(_ key: String, serial: Int) {
        if let followed = following[key], followed.serial == serial {
            following[key] = nil
            count(followed.subject, -1)
        }
    }
}
