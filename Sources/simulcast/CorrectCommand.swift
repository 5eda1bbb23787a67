import ArgumentParser
import SimulcastClient
import SimulcastCore

struct CorrectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Fix a wrong match for everyone: say which track is right on your service.",
        discussion: "The room must be playing (or have queued) the source track. The server checks the track exists on the target service, then every room and every later match uses it."
    )

    @Option(help: "Server base URL.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "The room playing the track.")
    var room: String

    @Option(help: "The host's track, as SERVICE:track:ID (e.g. spotify:track:1gugDOSMREb34Xo0c1PlxM).")
    var source: String

    @Option(help: "Your service.")
    var to: String

    @Option(help: "Your storefront (country).")
    var storefront = "us"

    @Option(help: "The right track's id on your service.")
    var id: String

    func run() async throws {
        let parts = source.split(separator: ":").map(String.init)
        guard parts.count == 3 else { throw ValidationError("--source looks like spotify:track:ID") }
        let correction = MatchCorrection(room: room, sourceService: MusicService(rawValue: parts[0]), sourceId: parts[2], targetService: MusicService(rawValue: to), storefront: storefront.lowercased(), targetId: id)
        do {
            let result = try await RoomsAPI(baseURL: server).correct(correction)
            print("corrected: \(source) is now \(to):\(result.track?.id ?? id) \(result.track?.displayName ?? "") for everyone in \(storefront)")
        } catch let error as APIClientError {
            throw ValidationError(error.description)
        }
    }
}
