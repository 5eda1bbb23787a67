import ArgumentParser
import SimulcastClient

/// `--server`, shared by the commands that talk to a running server.
struct ServerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Server base URL. Several nodes' URLs separated by commas: host and listen try them in turn when one fails; correct uses the first.",
            valueName: "url[,url...]"))
    var server = "http://127.0.0.1:8080"

    /// Each URL of the list, without trailing slashes.
    var urls: [String] { RoomConnection.serverURLs(server) }

    var firstURL: String { urls.first ?? server }

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("--server names no URL") }
    }
}
