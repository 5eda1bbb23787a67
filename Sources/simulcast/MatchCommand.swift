import ArgumentParser
import CatalogCore
import Catalogs
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore
import SpotifyAuth
import TrackMatching

struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Find a track on another service and say how it was chosen.",
        discussion:
            "The source is a track reference (spotify:track:ID, deezer:track:ID, apple-music:song:ID), fetched from its service, or given by hand with --title and --artist. Spotify references need SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET, or a login (`simulcast login spotify`)."
    )

    @Argument(help: "The source track, as SERVICE:track:ID (e.g. spotify:track:4PTG3Z6ehGkBFwjybzWkR8).")
    var source: String?

    @Option(help: "The track's title, when not giving a reference.")
    var title: String?

    @Option(help: "An artist (repeatable; the first is the primary one).")
    var artist: [String] = []

    @Option(help: "The album.")
    var album: String?

    @Option(help: "Duration in ms, if known.")
    var durationMs: Int?

    @Option(help: "The service a hand-given track comes from.")
    var from: ServiceOption = .spotify

    @Option(help: "The service to find it on.")
    var to: ServiceOption

    @Option(help: "Storefront (country) to search in.")
    var storefront = "us"

    @Flag(help: "Print every step the matcher took.")
    var explain = false

    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        guard (source == nil) != (title == nil) else { throw ValidationError("give either a track reference or --title (with --artist)") }
    }

    func run() async throws {
        var logger = Logger(label: "simulcast.match")
        logger.logLevel = .warning
        let matchmaker = try catalogOptions.makeMatchmaker(cache: InMemoryResponseCache(), logger: logger)
        let track = try await resolveSource(matchmaker: matchmaker, logger: logger)
        if explain {
            print(
                "source: \(track.service):\(track.id)  \(track.displayName)\(track.album.map { "  [\($0)]" } ?? "")\(track.isrc.map { "  ISRC \($0)" } ?? "")")
        }
        let result = await matchmaker.match(track, on: to.musicService, storefront: storefront.lowercased())
        switch result.status {
        case .matched:
            let found = result.track!
            print("matched \(to):\(found.id)  \(found.displayName)\(found.album.map { "  [\($0)]" } ?? "")  (\(result.method))")
        case .ambiguous: print("ambiguous (\(result.method))")
        case .notFound: print("no match (\(result.method))")
        case .unavailable: print("cannot match: \(result.reasons.last ?? "unavailable")")
        }
        if explain {
            for reason in result.reasons { print("  - \(reason)") }
        }
        if !result.isMatched { throw ExitCode(2) }
    }

    private func resolveSource(matchmaker: TrackMatchmaker, logger: Logger) async throws -> TrackMetadata {
        guard let source else {
            return TrackMetadata(service: from.musicService, id: "query", title: title ?? "", artists: artist, album: album, durationMs: durationMs)
        }
        let parts = source.split(separator: ":").map(String.init)
        guard parts.count == 3, !parts[2].isEmpty else { throw ValidationError("a track reference looks like spotify:track:ID; got \"\(source)\"") }
        let service = MusicService(rawValue: parts[0])
        let id = parts[2]
        do {
            if service == .spotify {
                let client = try spotifyClient(matchmaker: matchmaker, logger: logger)
                guard let track = try await client.trackWithAlbum(id: id, storefront: storefront) else { throw ValidationError("spotify has no track \(id)") }
                return track
            }
            guard let catalog = matchmaker.catalogs[service] else { throw ValidationError("no \(service) catalog is configured") }
            guard let track = try await catalog.track(id: id, storefront: storefront) else {
                throw ValidationError("\(service) has no track \(id) in storefront \(storefront)")
            }
            return track
        } catch let error as CatalogServiceError {
            throw ValidationError("cannot read the source track: \(error)")
        }
    }

    /// The app's own credentials if set, else the logged-in user's token.
    private func spotifyClient(matchmaker: TrackMatchmaker, logger: Logger) throws -> SpotifyClient {
        if let client = matchmaker.catalogs[.spotify] as? SpotifyClient { return client }
        let setup = try catalogOptions.setup()
        let user = try SpotifyUserTokenProvider.fromStore(
            SpotifyRefreshTokenStore(path: SpotifyRefreshTokenStore.defaultPath()), accountsURL: setup.spotifyAccountsURL,
            transport: NIOHTTPTransport.live, clock: SystemClock(), logger: logger)
        return SpotifyClient(
            token: { try await user.token() }, invalidate: { await user.invalidate() }, apiURL: setup.spotifyAPIURL, transport: NIOHTTPTransport.live,
            clock: SystemClock(), logger: logger)
    }
}
