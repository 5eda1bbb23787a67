import ArgumentParser
import Logging

/// `--log-level`, shared by every long-running command; each says its own default.
struct LoggingOptions: ParsableArguments {
    @Option(help: "Log level (default: info for serve, warning for host and listen).")
    var logLevel: LogLevel?

    func makeLogger(label: String, defaultLevel: LogLevel) -> Logger {
        (logLevel ?? defaultLevel).makeLogger(label: label)
    }
}
