import ArgumentParser

@main
struct Simulcast: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulcast",
        abstract: "Listen along across streaming services: a host plays, friends hear the same song at the same moment on their own service.",
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, ServeCommand.self, SetupCommand.self, DoctorCommand.self, HostCommand.self, ListenCommand.self, MatchCommand.self,
            MatchEvalCommand.self, MatchFitCommand.self,
            CorrectCommand.self, LoginCommand.self, FingerprintCommand.self,
        ]
    )
}
