import ArgumentParser
import SimulcastCore
import TrackMatching

struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Find a track on another service and say how it was chosen."
    )

    @Option(help: "The track's title as the source service spells it.")
    var title: String

    @Option(help: "An artist (repeatable; the first is the primary one).")
    var artist: [String] = []

    @Option(help: "The album.")
    var album: String?

    @Option(help: "Duration in ms, if known.")
    var durationMs: Int?

    @Option(help: "The service the track comes from.")
    var from = "spotify"

    @Option(help: "The service to find it on.")
    var to: String

    @Option(help: "Storefront (country) to search in.")
    var storefront = "us"

    @Flag(help: "Print every step the matcher took.")
    var explain = false

    @OptionGroup var catalogOptions: CatalogOptions

    func run() async throws {
        let matchmaker = try catalogOptions.makeMatchmaker()
        let source = TrackMetadata(service: MusicService(rawValue: from), id: "query", title: title, artists: artist, album: album, durationMs: durationMs)
        let result = await matchmaker.match(source, on: MusicService(rawValue: to), storefront: storefront.lowercased())
        switch result.status {
        case .matched:
            let track = result.track!
            print("matched \(to):\(track.id)  \(track.displayName)\(track.album.map { "  [\($0)]" } ?? "")  (\(result.method))")
        case .ambiguous: print("ambiguous (\(result.method))")
        case .notFound: print("no match (\(result.method))")
        case .unavailable: print("cannot match: \(result.reasons.last ?? "unavailable")")
        }
        if explain {
            for reason in result.reasons { print("  - \(reason)") }
        }
        if !result.isMatched { throw ExitCode(2) }
    }
}
