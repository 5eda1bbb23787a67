import ArgumentParser
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore

struct CorrectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Fix a wrong match: say which track is right on your service (or list and revoke fixes).",
        discussion: """
            With the room's host token a correction applies to the room at once. It becomes every room's answer when \
            an operator makes it with --global and the server's admin token, or when the hosts of 3 different rooms \
            make the same one with their host tokens. Without a token it is a suggestion the room shows its host (one \
            of the versions the matcher finds for the song). The room must be playing (or have queued) the source \
            track; the server checks the track exists on the target service.
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "The room playing the track.")
    var room: String

    @Option(help: "The host's track, as SERVICE:track:ID (e.g. spotify:track:1gugDOSMREb34Xo0c1PlxM).")
    var source: String?

    @Option(help: "Your service.")
    var to: ServiceOption?

    @Option(help: "Your storefront (country).")
    var storefront = "us"

    @Option(help: "The right track's id on your service.")
    var id: String?

    @Flag(help: "Make it every room's answer (needs the admin token).")
    var global = false

    @Flag(help: "List the room's corrections instead.")
    var list = false

    @Option(help: "Revoke the correction with this id (needs the room's host token or the admin token).")
    var revoke: Int?

    @Option(help: "A host or admin token; prefer SIMULCAST_HOST_TOKEN or SIMULCAST_ADMIN_TOKEN.")
    var token: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let token =
            token ?? (global ? environment["SIMULCAST_ADMIN_TOKEN"] : nil) ?? environment["SIMULCAST_HOST_TOKEN"] ?? environment["SIMULCAST_ADMIN_TOKEN"]
        let api = RoomsAPI(baseURL: serverOptions.firstURL, transport: .live)
        do {
            if list {
                for correction in try await api.corrections(room: room, token: token) {
                    print(
                        "\(correction.id)\t\(correction.global ? "global" : "room \(correction.room)")\t\(correction.result.track?.service.rawValue ?? ""):\(correction.result.track?.id ?? "")\t\(correction.result.track?.displayName ?? "")"
                    )
                }
                return
            }
            if let revoke {
                guard let token else { throw ValidationError("revoking needs the room's host token or the admin token (--token or SIMULCAST_HOST_TOKEN)") }
                try await api.revokeCorrection(id: revoke, token: token)
                print("revoked correction \(revoke)")
                return
            }
            guard let source, let to, let id else { throw ValidationError("--source, --to and --id name the correction (or use --list or --revoke)") }
            let parts = source.split(separator: ":").map(String.init)
            guard parts.count == 3 else { throw ValidationError("--source looks like spotify:track:ID") }
            let correction = MatchCorrection(
                room: room, sourceService: MusicService(rawValue: parts[0]), sourceId: parts[2], targetService: to.musicService,
                storefront: storefront.lowercased(), targetId: id)
            switch try await api.correct(correction, token: token, global: global) {
            case .applied(let applied):
                let scope = applied.global ? "every room" : "room \(applied.room)"
                print(
                    "correction \(applied.id): \(source) is now \(to):\(applied.result.track?.id ?? id) \(applied.result.track?.displayName ?? "") in \(scope) (\(storefront))"
                )
            case .suggested(let suggestion):
                print(
                    "suggested \(to):\(suggestion.target.id) \(suggestion.target.displayName) to the host of room \(room) (\(suggestion.listeners) listener(s) so far); the room's match changes when the host takes it"
                )
            }
        } catch let error as APIClientError {
            throw ValidationError(error.description)
        }
    }
}
