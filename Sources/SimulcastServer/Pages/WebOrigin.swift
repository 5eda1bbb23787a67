import Foundation

/// Web origins as the server's settings take them: `scheme://host[:port]`, lowercased,
/// default ports dropped, so two spellings of one origin compare equal.
public enum WebOrigin {
    public static func isOrigin(_ text: String) -> Bool {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
            components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil
        else { return false }
        return true
    }

    public static func normalise(_ text: String) -> String {
        var origin = text.trimmingCharacters(in: .whitespaces).lowercased()
        while origin.hasSuffix("/") { origin.removeLast() }
        if origin.hasPrefix("http://"), origin.hasSuffix(":80") { origin.removeLast(3) }
        if origin.hasPrefix("https://"), origin.hasSuffix(":443") { origin.removeLast(4) }
        return origin
    }
}
