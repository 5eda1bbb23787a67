import ArgumentParser

@main
struct SimulcastBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulcast-bench",
        abstract: "Benchmarks of Simulcast's parts (build with -c release). Results go to docs/BENCHMARKS.md.",
        subcommands: [
            SyncBenchmark.self, HostSourceBenchmark.self, MatchBenchmark.self, FingerprintBenchmark.self, LoadBenchmark.self, StormBenchmark.self,
            InstructionBenchmark.self,
        ]
    )
}
