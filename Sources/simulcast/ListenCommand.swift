import ArgumentParser
import CatalogCore
import Catalogs
import Foundation
import HostSources
import Logging
import SimulcastClient
import SimulcastCore
import SpotifyAuth
import TrackMatching

#if os(Linux)
    import DBus
    import MPRIS
#endif

struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Join a room and keep a player in sync with its host."
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "Room code.")
    var room: String

    @Option(help: "Your service (local: your own files, with --library).")
    var service: ServiceOption

    @Option(help: "Your account's country (two letters); catalogs differ by country.")
    var storefront = "us"

    @Option(help: "Your name in the room's list of listeners (at most 32 characters; default: Listener and a number).")
    var name: String?

    @Option(
        help: ArgumentHelp(
            "simulated (a player with real-world latencies), print (prints what to play, where and when), mpris[:NAME] (a Linux player: the Spotify client, VLC, ...), "
                + "or spotify-connect[:DEVICE] (your own Spotify app on any device, through the Web API: Premium, after `simulcast login spotify --for listen`)."
        )
    )
    var player: ListenerPlayer = .simulated

    @Option(help: "spotify-connect: where `simulcast login spotify --for listen` saved the login.")
    var spotifyStore: String?

    @Option(
        help: "Your music files (a folder, or a catalog .jsonl whose ids are paths), matched on this machine; use with --service local and an MPRIS player.")
    var library: String?

    @Option(help: "Simulated player: start latency range in ms, as MIN-MAX.")
    var startLatencyMs = "150-600"

    @Option(help: "Simulated player: seek latency range in ms, as MIN-MAX.")
    var seekLatencyMs = "60-140"

    @Option(help: "Simulated player: audio clock drift in ppm (default: random within ±50).")
    var driftPpm: Double?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Simulated player: prepare tracks and start them on schedule, as AVPlayer and Web Audio can (--no-schedule: start at once and correct with seeks).")
    var schedule = true

    @Option(help: "Smallest sync error worth a seek, in ms (raised automatically to what this player's seeks can achieve).")
    var seekThresholdMs: Double = 35

    @OptionGroup var outputLatency: OutputLatencyOption

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard service != .local || library != nil else {
            throw ValidationError("--service local needs --library (your music files)")
        }
        if case .failure(let problem) = DisplayName.normalise(name) { throw ValidationError("--name: \(problem)") }
        if case .spotifyConnect = player, service != .spotify {
            throw ValidationError("--player spotify-connect plays Spotify's catalog: use it with --service spotify")
        }
        _ = try Self.range(startLatencyMs, "--start-latency-ms")
        _ = try Self.range(seekLatencyMs, "--seek-latency-ms")
    }

    func run() async throws {
        let logger = logging.makeLogger(label: "simulcast.listen", defaultLevel: .warning)
        let service = service.musicService
        let clock = SystemClock()
        guard let code = RoomCode.normalise(room) else { throw ValidationError("\"\(room)\" is not a room code") }
        let hello = Wire.Hello(role: .listener, room: code, service: service, storefront: storefront.lowercased(), client: "simulcast-cli", name: name)
        let client = RoomConnection(serverURL: serverOptions.server, hello: hello, clock: clock, logger: logger)
        let statusLine = StatusLine()
        let driver: any PlayerDriver
        var policy = FollowPolicy.Configuration(service: service, storefront: storefront.lowercased(), seekThresholdMs: seekThresholdMs)
        var connect: SpotifyConnectPlayer?
        var localMatcher: (@Sendable (TrackMetadata) async -> MatchResult)?
        if let library {
            let catalog: OfflineCatalog
            do { catalog = try LocalLibrary.load(library) } catch { throw ValidationError("\(error)") }
            print("library: \(catalog.count) tracks from \(library)")
            let matchmaker = TrackMatchmaker(catalogs: [service: catalog], matcher: SimulcastMatcher())
            localMatcher = { source in await matchmaker.match(source, on: service, storefront: "local") }
        }
        switch player {
        case .mpris(let name):
            #if os(Linux)
                do {
                    let bus = try await DBusConnection.session()
                    driver = MPRISPlayerDriver(player: try await MPRISPlayer.find(name, on: bus), service: service, clock: SystemClock())
                } catch {
                    throw ValidationError("\(error)")
                }
            #else
                _ = name
                throw ValidationError("--player mpris drives Linux players over D-Bus; on a Mac use --player spotify-connect or the web page")
            #endif
        case .print:
            driver = PrintPlayer(service: service, clock: clock) { line in
                // Unbuffered, so a pipe sees each instruction the moment it is due.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        case .spotifyConnect(let asked):
            let follower = try await Self.connectFollower(asked: asked, store: spotifyStore, clock: clock, logger: logger)
            // Unbuffered: a pipe or a service's log sees it now, not at exit.
            FileHandle.standardOutput.write(Data("playing on your Spotify app: \(await follower.device.name) (\(await follower.device.kind))\n".utf8))
            driver = follower
            connect = follower
            policy = SpotifyConnectPlayer.followConfiguration(service: service, storefront: storefront.lowercased(), seekThresholdMs: seekThresholdMs)
        case .simulated:
            let drift = driftPpm ?? Double.random(in: -50...50)
            let configuration = SimulatedPlayer.Configuration(
                startLatencyMs: try Self.range(startLatencyMs, "--start-latency-ms"),
                seekLatencyMs: try Self.range(seekLatencyMs, "--seek-latency-ms"),
                driftPPM: drift,
                canScheduleStart: schedule
            )
            driver = SimulatedPlayer(configuration: configuration, trueClock: clock, deviceClock: clock, seed: UInt64.random(in: 0...UInt64.max))
        }
        let latency: OutputLatency
        do {
            latency = try outputLatency.resolve(player: player.outputName, asksSoundServer: player.isLocalPlayer)
        } catch { throw ValidationError("\(error)") }
        print("output latency: \(latency)")
        let session = ListenerSession(
            client: client, player: driver, policy: policy,
            localMatcher: localMatcher, outputLatencyMs: latency.milliseconds, logger: logger)
        let showStatus = player != .print
        let connectFollower = connect
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await session.run() }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: .milliseconds(250))
                        let status = await session.status()
                        if showStatus { statusLine.show(status, service: service) }
                        // Spotify refused for good (not Premium, login revoked): say so and stop.
                        if let refusal = await connectFollower?.refusal, refusal.isFinal { throw ValidationError("\(refusal)") }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        } catch let error as RoomRefusal {
            statusLine.finish()
            throw ValidationError("the server refused: \(error)")
        }
    }

    /// The Connect follower on the device asked for, or the one the choice rule picks.
    static func connectFollower(asked: String?, store: String?, clock: any LocalClock, logger: Logger) async throws -> SpotifyConnectPlayer {
        let path = store ?? SpotifyRefreshTokenStore.defaultListenerPath()
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("not logged in to Spotify as a listener: run `simulcast login spotify --for listen --client-id YOUR_CLIENT_ID` first")
        }
        let api = try SpotifyAccount.api(store: path, logger: logger)
        let devices: [SpotifyConnectDevice]
        do { devices = try await api.devices() } catch { throw ValidationError("\(error)") }
        switch SpotifyConnectDeviceChoice.choose(devices, asked: asked, onPhone: false) {
        case .success(let device): return SpotifyConnectPlayer(remote: api, device: device, clock: clock, logger: logger)
        case .failure(let problem): throw ValidationError("\(problem)")
        }
    }

    static func range(_ text: String, _ flag: String) throws -> ClosedRange<Double> {
        let parts = text.split(separator: "-").compactMap { Double($0) }
        guard parts.count == 2, parts[0] >= 0, parts[0] <= parts[1] else {
            throw ValidationError("\(flag) takes MIN-MAX in milliseconds, e.g. 150-600")
        }
        return parts[0]...parts[1]
    }
}
