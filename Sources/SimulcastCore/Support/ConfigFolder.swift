import Foundation

/// Where Simulcast keeps what it remembers for a user (a Spotify login, output latencies):
/// `$XDG_CONFIG_HOME/simulcast`, or `~/.config/simulcast`.
public enum ConfigFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (environment["XDG_CONFIG_HOME"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")) + "/simulcast"
    }
}
