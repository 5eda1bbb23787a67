/// What can go wrong on the bus, in words a user can act on.
public enum DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No session bus address (DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus).
    case noBus(String)
    /// The address names a transport this client does not speak.
    case unsupportedAddress(String)
    case connectionFailed(String)
    case authenticationFailed(String)
    /// Bytes that are not a D-Bus message.
    case malformed(String)
    /// The peer answered with an error message.
    case remote(name: String, message: String?)
    case disconnected
    case timedOut(String)

    public var description: String {
        switch self {
        case .noBus(let detail): "no D-Bus session bus: \(detail)"
        case .unsupportedAddress(let address): "unsupported D-Bus address \(address) (only unix:path= is supported)"
        case .connectionFailed(let detail): "cannot connect to the D-Bus bus: \(detail)"
        case .authenticationFailed(let detail): "the D-Bus bus refused authentication: \(detail)"
        case .malformed(let detail): "malformed D-Bus message: \(detail)"
        case .remote(let name, let message): "\(name)" + (message.map { ": \($0)" } ?? "")
        case .disconnected: "the D-Bus connection closed"
        case .timedOut(let what): "no answer from D-Bus to \(what)"
        }
    }
}
