import Catalogs
import HostSources
import Logging
import Rooms
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
        /// Rooms this node follows at most; more are left to other nodes (each polls Spotify
        /// every 2 s while it plays, under the one client id).
        public var maximumFollowedRooms = 100
        /// Requests to Spotify's Web API per second from all the rooms this node follows
        /// together; a `Retry-After` holds them all back.
        public var apiRequestsPerSecond = 40

        public init(clientId: String, accountsURL: String = "https://accounts.spotify.com", apiURL: String = "https://api.spotify.com") {
            self.clientId = clientId
            self.accountsURL = accountsURL
            self.apiURL = apiURL
        }
    }

    let store: any HostedAccountStore
    let hub: RoomHub
    let key: SecretsKey
    let configuration: Configuration
    let transport: any HTTPTransport
    let clock: any LocalClock
    let logger: Logger
    /// The rooms this node follows, each follower in a task of its own that `run` cancels and
    /// awaits before it returns (a follower ends when its room is no longer this node's).
    private var following: [String: (generation: Int, serial: Int, task: Task<Void, Never>)] = [:]
    private var nextSerial = 0
    private var reconciling = false
    private var reconcileAgain = false
    /// Every followed room's Web API requests, paced together.
    let apiPacer: RequestPacer
    /// Whether "this node is at its cap" was said since it last had room.
    private var saidFull = false
    /// Logins this node's key cannot open ("room#generation"), said once each and never
    /// touched: another node with the right key follows them.
    private var unopenable: Set<String> = []

    public init(
        store: any HostedAccountStore, hub: RoomHub, key: SecretsKey, configuration: Configuration, transport: any HTTPTransport = AsyncHTTPClientTransport(),
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
    }

    public func host(room: String, hostToken: String, authorization: HostAuthorization) async throws {
        guard authorization.service == .spotify else { throw HostingRefusal.notOffered(authorization.service) }
        let exchange = SpotifyCodeExchange(
            clientId: configuration.clientId, accountsURL: configuration.accountsURL, transport: transport, clock: clock, logger: logger)
        let login: (refreshToken: String, accessToken: String)
        let user: String
        do {
            login = try await exchange.redeemLogin(code: authorization.code, verifier: authorization.verifier, redirectURI: authorization.redirectURI)
            let api = SpotifyClient(
                token: { login.accessToken }, apiURL: configuration.apiURL, transport: transport, retry: RetryPolicy(maximumAttempts: 1), pacer: apiPacer,
                clock: clock, logger: logger)
            user = try await api.currentUserId()
        } catch let error as CatalogServiceError {
            if case .loginRefused = error { throw HostingRefusal.loginRefused(.spotify) }
            logger.warning("the Spotify login could not be finished", metadata: ["room": "\(room)", "error": "\(error)"])
            throw HostingRefusal.serviceUnavailable(.spotify)
        }
        let account = HostCredential.accountHash(service: .spotify, user: user)
        // One room per Spotify account: the newest login takes the account's hosting over.
        for other in try await store.hostedAccounts() where other.room != room {
            guard let sealed = other.sealedCredential, let credential = try? HostCredential.open(sealed, with: key), credential.account == account else {
                continue
            }
            try await store.deleteHostedAccount(room: other.room)
            logger.notice("the host's Spotify moved from one hosted room to another", metadata: ["from": "\(other.room)", "to": "\(room)"])
        }
        let sealed = try HostCredential(hostToken: hostToken, refreshToken: login.refreshToken, account: account).sealed(with: key)
        try await store.saveHostedAccount(room: room, service: .spotify, sealedCredential: sealed)
        logger.notice("room hosted from the browser with Spotify", metadata: ["room": "\(room)"])
        await reconcile()
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
        hub.metrics.followingHostedRooms(-following.count)
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
        let accounts: [HostedAccount]
        do { accounts = try await store.hostedAccounts() } catch {
            logger.warning("cannot read the hosted rooms", metadata: ["error": "\(error)"])
            return
        }
        let byRoom = Dictionary(accounts.map { ($0.room, $0) }, uniquingKeysWith: { first, _ in first })
        if following.count < configuration.maximumFollowedRooms { saidFull = false }
        for (room, followed) in following {
            let account = byRoom[room]
            var keep = account?.generation == followed.generation && account?.sealedCredential != nil
            if keep, let follower = account?.follower {
                keep = follower == hub.node
            } else if keep {
                // Our own lease lapsed for a moment (the database was slow): claim it again.
                keep = (try? await store.claimFollowing(room: room, generation: followed.generation, node: hub.node)) ?? false
            }
            if !keep {
                followed.task.cancel()
                following[room] = nil
                hub.metrics.followingHostedRooms(-1)
                logger.info("no longer following a hosted room", metadata: ["room": "\(room)"])
            }
        }
        for account in accounts where following[account.room] == nil && account.follower == nil {
            guard let sealed = account.sealedCredential, account.service == .spotify else { continue }
            guard following.count < configuration.maximumFollowedRooms else {
                if !saidFull {
                    saidFull = true
                    logger.warning(
                        "this node follows as many hosted rooms as it may; other nodes pick up the rest",
                        metadata: ["limit": "\(configuration.maximumFollowedRooms)"])
                }
                break
            }
            // A login this node's key cannot open is never claimed, so never forgotten: a node
            // with a wrong (or newly made) key must not take over and wipe the others' logins.
            guard key.opens(sealed) else {
                if unopenable.insert("\(account.room)#\(account.generation)").inserted {
                    logger.warning(
                        "a hosted room's login was sealed with another secrets key; this node leaves it to the nodes that have that key",
                        metadata: ["room": "\(account.room)", "sealed-with": "\(account.sealedKeyId ?? "unknown")", "this-key": "\(key.id)"])
                }
                continue
            }
            do {
                guard try await store.claimFollowing(room: account.room, generation: account.generation, node: hub.node) else { continue }
            } catch {
                logger.warning("cannot claim a hosted room", metadata: ["room": "\(account.room)", "error": "\(error)"])
                continue
            }
            let follower = SpotifyRoomFollower(
                room: account.room, generation: account.generation, sealed: sealed, store: store, hub: hub, key: key, configuration: configuration,
                pacer: apiPacer, transport: transport, clock: clock, logger: logger)
            nextSerial += 1
            let (room, serial) = (account.room, nextSerial)
            following[room] = (
                account.generation, serial,
                Task {
                    await follower.run()
                    self.ended(room, serial: serial)
                }
            )
            hub.metrics.followingHostedRooms(1)
            logger.info("following a hosted room", metadata: ["room": "\(room)"])
        }
    }

    /// At start, loudly, when logins in the database were sealed with another key than this node's.
    private func sayWhichKeysSealedTheLogins() async {
        guard let accounts = try? await store.hostedAccounts() else { return }
        let others = Set(accounts.compactMap(\.sealedKeyId)).subtracting([key.id])
        guard !others.isEmpty else { return }
        let count = accounts.filter { $0.sealedKeyId.map(others.contains) == true }.count
        logger.warning(
            "\(count) hosted login(s) were sealed with another secrets key: this node will not follow those rooms; give it the secrets-key-file the other nodes use",
            metadata: ["sealed-with": "\(others.sorted().joined(separator: ","))", "this-key": "\(key.id)"])
    }

    /// A follower stopped on its own (a refusal): the room is picked up again only with a new login.
    private func ended(_ room: String, serial: Int) {
        if following[room]?.serial == serial {
            following[room] = nil
            hub.metrics.followingHostedRooms(-1)
        }
    }
}
