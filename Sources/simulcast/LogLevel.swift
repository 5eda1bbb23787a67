import ArgumentParser
import Logging

/// `--log-level`: swift-log's levels, listed in `--help` and checked by the parser.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
    case trace, debug, info, notice, warning, error

    var level: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        }
    }

    func makeLogger(label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }
}
