import ArgumentParser
import Catalogs
import Fingerprint
import Foundation
import HostSources
import Logging
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SpotifyAuth

#if os(Linux)
    import DBus
    import MPRIS
#endif

struct HostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Lead a room: publish what you play to its listeners.",
        discussion: """
            --source script:FILE plays a JSON Lines script of playback events at the times it gives;
            --source stdin reads events from standard input as they arrive (each happens when read).
            --source spotify follows your own Spotify player through the Web API (run `simulcast login spotify` first).
            --source mpris[:NAME] follows a Linux player on the session bus (the Spotify client, VLC, mpv with mpv-mpris...).
            --source mac:spotify or mac:music follows the Spotify or Music app on a Mac over AppleScript (allow the terminal under
            System Settings > Privacy & Security > Automation when macOS asks).
            --source recognize:CATALOG follows any sound: --input FILE plays a recording as if heard live, --input - reads raw
            16-bit PCM (arecord -f S16_LE -r 44100 -c 1 | simulcast host ... --input -); listeners get the catalog's local files.
            An event: {"at": 9.5, "event": "play|pause|resume|seek|skip|queue|stop", "track": {...}, "positionMs": 0, "queue": [...]}
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "Room code (from POST /v1/rooms, or --create).")
    var room: String?

    @Option(help: "Host token of the room. Prefer the SIMULCAST_HOST_TOKEN environment variable: arguments are visible to other users of the machine.")
    var token: String?

    @Flag(help: "Create a new room on the server and print its code and host token.")
    var create = false

    @Option(help: "Your name as listeners see it (\"Listen along with Ana\"); at most 32 characters.")
    var name: String?

    @Option(
        help:
            "Where playback comes from: your Spotify, a Linux player over MPRIS, a Mac's Spotify or Music app, any sound recognised against a catalog, a script, or events on standard input."
    )
    var source: HostSourceChoice

    @Option(help: "Where `simulcast login spotify` saved the refresh token.")
    var spotifyStore: String?

    @Option(help: "recognize: the sound to follow, a file or - for raw PCM on standard input.")
    var input = "-"

    @Option(help: "recognize with raw input: sample rate and channels, as RATE:CHANNELS.")
    var rawFormat = "44100:1"

    @OptionGroup var outputLatency: OutputLatencyOption

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if case .failure(let problem) = DisplayName.normalise(name) { throw ValidationError("--name: \(problem)") }
    }

    func run() async throws {
        let logger = logging.makeLogger(label: "simulcast.host", defaultLevel: .warning)
        let events: AsyncThrowingStream<PlaybackEvent, any Error>
        var spotify: SpotifyClient?
        // A Linux player over MPRIS (only Linux builds have the source).
        var followLinuxPlayer: (@Sendable (HostSession) async throws -> Void)?
        var macApp: (MacMusicApp, OsascriptProcess)?
        var recognizer: Recognizer?
        switch source {
        case .recognize(let catalog):
            do {
                recognizer = Recognizer(catalog: try FingerprintCatalog(contentsOf: catalog))
            } catch {
                throw ValidationError("\(error)")
            }
            events = AsyncThrowingStream { $0.finish() }
        case .mpris(let name):
            #if os(Linux)
                let player: MPRISPlayer
                do {
                    player = try await MPRISPlayer.find(name, on: try await DBusConnection.session())
                } catch {
                    throw ValidationError("\(error)")
                }
                followLinuxPlayer = { session in
                    let source = MPRISHostSource(player: player, sink: session, clock: SystemClock(), logger: logger)
                    try await source.run { event in await Self.report(event, session: session) }
                }
                events = AsyncThrowingStream { $0.finish() }
            #else
                _ = name
                throw ValidationError("--source mpris follows Linux players over D-Bus; on a Mac use --source mac:spotify or mac:music")
            #endif
        case .mac(let app):
            do { macApp = (app, try OsascriptProcess.onPath()) } catch { throw ValidationError("\(error)") }
            events = AsyncThrowingStream { $0.finish() }
        case .spotify:
            spotify = try SpotifyAccount.api(store: spotifyStore ?? SpotifyRefreshTokenStore.defaultPath(), logger: logger)
            events = AsyncThrowingStream { $0.finish() }
        case .stdin:
            events = Self.standardInputEvents()
        case .script(let path):
            let loaded: [PlaybackEvent]
            do { loaded = try PlaybackScript.load(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw ValidationError("cannot use script \(path): \(error)")
            }
            events = AsyncThrowingStream { continuation in
                for event in loaded { continuation.yield(event) }
                continuation.finish()
            }
        }

        var code = room
        var hostToken = token ?? ProcessInfo.processInfo.environment["SIMULCAST_HOST_TOKEN"]
        if create {
            let created = try await RoomsAPI(baseURL: serverOptions.firstURL, transport: .live).createRoom(hostName: name)
            code = created.code
            hostToken = created.hostToken
            print(
                "room \(created.code) created; listeners join with: simulcast listen --server \(serverOptions.server) --room \(created.code) --service apple-music"
            )
            print("host token (keep it secret): \(created.hostToken)")
        }
        guard let code, let hostToken else {
            throw ValidationError("give --room and a host token (--token or SIMULCAST_HOST_TOKEN), or --create")
        }

        let client = RoomConnection(
            serverURL: serverOptions.server, hello: Wire.Hello(role: .host, room: code, hostToken: hostToken, client: "simulcast-cli", name: name),
            clock: SystemClock(),
            logger: logger)
        // The room follows what the host hears: its player's position, heard this much later.
        let latency: OutputLatency
        do {
            latency = try outputLatency.resolve(player: source.outputName, asksSoundServer: source.isLocalPlayer)
        } catch { throw ValidationError("\(error)") }
        print("output latency: \(latency)")
        // Accepted song requests: into the host's Spotify queue (with a login that allows it,
        // `login spotify --for host-with-requests`), else printed for the host to add by hand.
        let queue: any HostQueue = spotify ?? PrintedRequests()
        let session = HostSession(client: client, outputLatencyMs: latency.milliseconds, queue: queue)
        let scripted = ScriptedHostSource(session: session)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.run() }
            if let recognizer {
                let source = RecognitionHostSource(recognizer: recognizer, sink: session, logger: logger)
                let chunks = try Self.soundChunks(input: input, rawFormat: rawFormat)
                group.addTask { try await source.run(chunks) { event in await Self.report(event, session: session) } }
            } else if let followLinuxPlayer {
                group.addTask { try await followLinuxPlayer(session) }
            } else if let (app, osascript) = macApp {
                let source = MacAppHostSource(app: app, runner: osascript, sink: session, clock: SystemClock(), logger: logger)
                group.addTask {
                    do {
                        try await source.run(
                            onEvent: { event in await Self.report(event, session: session) },
                            onStatus: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) })
                    } catch let error as MacAppError {
                        throw ValidationError("\(error)")
                    }
                }
            } else if let spotify {
                let source = SpotifyHostSource(api: spotify, sink: session, clock: SystemClock(), logger: logger)
                group.addTask {
                    do {
                        try await source.run { event in await Self.report(event, session: session) }
                    } catch let error as CatalogServiceError {
                        throw ValidationError("\(error)")
                    }
                }
            } else {
                group.addTask {
                    try await scripted.play(events) { event in await Self.report(event, session: session) }
                    // Give the last message time to leave before closing.
                    try await Task.sleep(for: .milliseconds(300))
                }
            }
            do {
                try await group.next()
            } catch let error as RoomRefusal {
                throw ValidationError("the server refused: \(error)")
            }
            group.cancelAll()
        }
    }

    static func report(_ event: HostEvent, session: HostSession) async {
        let now = await session.currentPosition()
        let what = now.track.map { "\($0.displayName) at \(PrintPlayer.clock(now.positionMs))" } ?? "nothing"
        // Unbuffered: a pipe or a log file sees each change as it happens.
        FileHandle.standardOutput.write(Data("\(event.kind.rawValue): \(what)\(now.playing ? "" : " (paused)")\n".utf8))
    }

    /// Sound as it is heard: a file paced at real time, or raw PCM from standard input.
    static func soundChunks(input: String, rawFormat: String) throws -> AsyncStream<RecognitionHostSource.Chunk> {
        let parts = rawFormat.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 8000, (1...8).contains(parts[1]) else { throw ValidationError("--raw-format takes RATE:CHANNELS, e.g. 44100:2") }
        let format = AudioDecoder.RawFormat(sampleRate: parts[0], channels: parts[1])
        let clock = SystemClock()
        if input == "-" {
            return AsyncStream { continuation in
                let thread = Thread {
                    let chunkBytes = format.sampleRate * 2 * format.channels / 2
                    while let data = try? FileHandle.standardInput.read(upToCount: chunkBytes), !data.isEmpty {
                        continuation.yield(.init(audio: AudioDecoder.rawPCM(data, format: format), capturedAt: clock.now()))
                    }
                    continuation.finish()
                }
                thread.start()
            }
        }
        let audio: AudioSamples
        do { audio = try AudioDecoder.decode(fileAt: input) } catch { throw ValidationError("\(error)") }
        return AsyncStream { continuation in
            let task = Task {
                let half = audio.sampleRate / 2
                for start in stride(from: 0, to: audio.samples.count, by: half) {
                    try await Task.sleep(for: .milliseconds(500))
                    let piece = Array(audio.samples[start..<min(audio.samples.count, start + half)])
                    continuation.yield(.init(audio: AudioSamples(samples: piece, sampleRate: audio.sampleRate), capturedAt: clock.now()))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Lines from standard input, read on a thread of their own (reading blocks).
    static func standardInputEvents() -> AsyncThrowingStream<PlaybackEvent, any Error> {
        AsyncThrowingStream { continuation in
            let thread = Thread {
                var number = 0
                while let line = readLine() {
                    number += 1
                    do {
                        if var event = try PlaybackScript.parse(line: Substring(line), number: number) {
                            event.at = nil  // live input happens when it is read
                            continuation.yield(event)
                        }
                    } catch {
                        FileHandle.standardError.write(Data("ignored \(error)\n".utf8))
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
