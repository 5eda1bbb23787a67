import Foundation

/// The web listener's files, read once from the bundle. Only names listed here are served.
struct WebAssets: Sendable {
    static let contentTypes = [
        "listener.html": "text/html; charset=utf-8",
        "callback.html": "text/html; charset=utf-8",
        "listener.js": "text/javascript; charset=utf-8",
        "follow.js": "text/javascript; charset=utf-8",
        "listener.css": "text/css; charset=utf-8",
        "fake-musickit.js": "text/javascript; charset=utf-8",
        "fake-spotify-player.js": "text/javascript; charset=utf-8",
    ]
    static let fakes: Set<String> = ["fake-musickit.js", "fake-spotify-player.js"]

    let files: [String: String]

    static func load() -> WebAssets {
        var files: [String: String] = [:]
        let folder = Bundle.module.url(forResource: "Web", withExtension: nil)
        for name in contentTypes.keys {
            if let url = folder?.appendingPathComponent(name), let text = try? String(contentsOf: url, encoding: .utf8) { files[name] = text }
        }
        return WebAssets(files: files)
    }

    func file(_ name: String, allowFakes: Bool) -> (text: String, contentType: String)? {
        guard let type = Self.contentTypes[name], let text = files[name] else { return nil }
        if Self.fakes.contains(name), !allowFakes { return nil }
        return (text, type)
    }
}
