import Foundation
import Rooms

/// The web pages' files, read once from the bundle when the server starts. Modules and style
/// sheets are served from `/web/{version}/...`, where the version is a hash of every file: a
/// browser keeps them for a year and asks nothing on a return visit, and a new release is a new
/// address. The pages (templates filled in per request) name that address and preload the
/// entry's whole import graph (`modulepreload`), so a phone on party Wi-Fi fetches the modules
/// side by side instead of one import level at a time. The type declarations under `types/`
/// are for the type check, not the browser.
struct WebAssets: Sendable {
    static let contentTypes = [
        "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "html": "text/html; charset=utf-8",
    ]

    /// Modules and style sheets by their path under `Web/` ("listener.js", "ui/player.css").
    let files: [String: WebStaticFile]
    /// The pages' templates, their `/web/` addresses versioned and the preloads in.
    let templates: [String: String]
    /// The first 12 hex digits of the SHA-256 of every file, in path order.
    let version: String

    static func load() -> WebAssets {
        var texts: [String: String] = [:]
        if let folder = Bundle.module.url(forResource: "Web", withExtension: nil) {
            let root = folder.standardizedFileURL.path
            for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init() {
                let path = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
                guard contentTypes[url.pathExtension] != nil, !path.hasPrefix("types/"),
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                texts[path] = text
            }
        }
        return WebAssets(texts: texts)
    }

    init(texts: [String: String]) {
        var all: [UInt8] = []
        for path in texts.keys.sorted() { all += Array(path.utf8) + [0] + Array(texts[path]!.utf8) + [0] }
        version = String(WebStaticFile.digest(all).prefix(12))
        var files: [String: WebStaticFile] = [:]
        var templates: [String: String] = [:]
        for (path, text) in texts {
            let fileExtension = (path as NSString).pathExtension
            if fileExtension == "html" {
                // A page's style sheets travel as one file: on HTTP/1.1 each is a round trip.
                let (page, styles) = Self.withOneStyleSheet(Self.withPanels(text, from: texts), named: path, from: texts)
                if let styles { files[styles.path] = WebStaticFile(contentType: Self.contentTypes["css"]!, text: styles.text) }
                templates[path] = Self.versioned(page, version: version, modules: texts.merging(styles.map { [$0.path: $0.text] } ?? [:]) { $1 })
            } else if let type = Self.contentTypes[fileExtension] {
                files[path] = WebStaticFile(contentType: type, text: text)
            }
        }
        self.files = files
        self.templates = templates
    }

    /// A bundled module or style sheet, or in test mode one of the SDK stand-ins.
    func file(_ path: String, testSDKs: WebTestSDKs? = nil) -> WebStaticFile? {
        if let script = testSDKs?.script(named: path) { return WebStaticFile(contentType: Self.contentTypes["js"]!, text: script) }
        return files[path]
    }

    /// Each `{{> panels/name.html}}` replaced by that file: a panel both pages show (the room's
    /// history, the insecure-origin notice) is written once. A name that is not a bundled file
    /// stays as it is, for the page test to see.
    static func withPanels(_ page: String, from files: [String: String]) -> String {
        var text = page
        for match in page.matches(of: /\{\{> ([\w\/.-]+\.html)\}\}/) {
            guard let panel = files[String(match.output.1)] else { continue }
            text = text.replacingOccurrences(of: String(match.output.0), with: panel.trimmingCharacters(in: .newlines))
        }
        return text
    }

    /// The page's `<link rel="stylesheet" href="/web/x.css">` lines, two or more, as one link to
    /// `styles/{page}.css`, their texts joined in order (none of them imports or names a URL,
    /// so nothing resolves differently from the new place).
    static func withOneStyleSheet(_ page: String, named name: String, from files: [String: String]) -> (String, (path: String, text: String)?) {
        let links = page.matches(of: /<link rel="stylesheet" href="\/web\/([\w\/.-]+\.css)">\n?/)
        let sheets = links.compactMap { link in files[String(link.output.1)].map { (String(link.output.1), $0) } }
        guard sheets.count >= 2, sheets.count == links.count else { return (page, nil) }
        let path = "styles/" + (name as NSString).deletingPathExtension + ".css"
        let text = sheets.map { "/* \($0.0) */\n" + $0.1 }.joined(separator: "\n")
        var result = page
        for (index, link) in links.enumerated().reversed() {
            result.replaceSubrange(link.range, with: index == 0 ? "<link rel=\"stylesheet\" href=\"/web/\(path)\">\n" : "")
        }
        return (result, (path, text))
    }

    /// `/web/x` becomes `/web/{version}/x` for every bundled file the page names, and each
    /// module entry's static imports are preloaded before `</head>`.
    static func versioned(_ page: String, version: String, modules: [String: String]) -> String {
        var text = page
        for path in modules.keys where !path.hasSuffix(".html") {
            text = text.replacingOccurrences(of: "\"/web/\(path)\"", with: "\"/web/\(version)/\(path)\"")
        }
        let entries = moduleEntries(of: page).filter { modules[$0] != nil }
        var preloaded: [String] = []
        for entry in entries {
            for path in importGraph(from: entry, modules: modules) where !preloaded.contains(path) { preloaded.append(path) }
        }
        guard !preloaded.isEmpty, let head = text.range(of: "</head>") else { return text }
        let links = preloaded.map { "<link rel=\"modulepreload\" href=\"/web/\(version)/\($0)\">\n" }.joined()
        text.insert(contentsOf: links, at: head.lowerBound)
        return text
    }

    /// The paths of `<script type="module" src="/web/...">` in a page.
    static func moduleEntries(of page: String) -> [String] {
        let pattern = /<script type="module" src="\/web\/([^"]+)">/
        return page.matches(of: pattern).map { String($0.output.1) }
    }

    /// Every module `entry` imports, directly or not, by its static `import ... from "./x.js"`
    /// (dynamic imports are left to load when asked for), the entry first.
    static func importGraph(from entry: String, modules: [String: String]) -> [String] {
        var order: [String] = []
        var queue = [entry]
        while let path = queue.first {
            queue.removeFirst()
            guard !order.contains(path), let text = modules[path] else { continue }
            order.append(path)
            let folder = (path as NSString).deletingLastPathComponent
            for match in text.matches(of: /(?m)^\s*(?:import|export)\s[^;"']*?from\s+"(\.{1,2}\/[^"]+)"/) {
                let joined = folder.isEmpty ? String(match.output.1) : folder + "/" + match.output.1
                queue.append(normalised(joined))
            }
        }
        return order
    }

    /// `a/./b/../c.js` as `a/c.js`.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
