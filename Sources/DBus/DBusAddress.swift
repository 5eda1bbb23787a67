import Foundation

/// Where the session bus listens. D-Bus addresses are `transport:key=value,...` separated by
/// `;`; this client speaks `unix:path=` (systemd's `$XDG_RUNTIME_DIR/bus` and any daemon
/// told to listen on a path).
public enum DBusAddress {
    public static func sessionBusPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DBusError) -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return try socketPath(address)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return runtime + "/bus"
        }
        throw .noBus(
            "DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus; run inside a desktop session, or start one with dbus-run-session")
    }

    /// The first `unix:path=` in an address list.
    public static func socketPath(_ address: String) throws(DBusError) -> String {
        for candidate in address.split(separator: ";") {
            guard candidate.hasPrefix("unix:") else { continue }
            for pair in candidate.dropFirst(5).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == "path" { return unescape(String(parts[1])) }
            }
        }
        throw .unsupportedAddress(address)
    }

    /// Addresses escape bytes as %XX.
    static func unescape(_ value: String) -> String {
        value.removingPercentEncoding ?? value
    }
}
