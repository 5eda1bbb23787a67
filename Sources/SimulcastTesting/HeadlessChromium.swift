import Catalogs
import Foundation
import ServiceHTTP

/// A real headless Chromium for browser tests, driven over the DevTools protocol. Tests
/// call `HeadlessChromium.executable()` first and skip (saying why) when there is none;
/// `.ci/run` installs Debian's `chromium`, so CI always has one.
public final class HeadlessChromium: Sendable {
    let process: Process
    let profile: URL
    public let debuggingPort: Int

    /// `CHROMIUM` if set, else the usual Debian and Google names on PATH.
    public static func executable() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: chosen) { return chosen }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts Chromium with a phone-sized window and a throwaway profile, under Chromium's
    /// default autoplay policy: sound starts only after the listener's gesture. `extraArguments`:
    /// more switches, such as a fake microphone playing a file.
    public static func launch(width: Int = 412, height: Int = 915, extraArguments: [String] = []) async throws -> HeadlessChromium {
        guard let executable = executable() else { throw LaunchError(description: "no Chromium found (install Debian's chromium or set CHROMIUM)") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                "--hide-scrollbars", "--remote-debugging-port=0", "--remote-allow-origins=*",
                "--remote-debugging-address=127.0.0.1",
                "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            ] + extraArguments + ["about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Chromium writes the port it bound to into the profile once DevTools listens.
        let portFile = profile.appendingPathComponent("DevToolsActivePort")
        for _ in 0..<300 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let line = text.split(separator: "\n").first, let port = Int(line) {
                return HeadlessChromium(process: process, profile: profile, debuggingPort: port)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw LaunchError(description: "Chromium did not open its DevTools port within 30 s")
    }

    init(process: Process, profile: URL, debuggingPort: Int) {
        self.process = process
        self.profile = profile
        self.debuggingPort = debuggingPort
    }

    /// A new tab on a 390×844 phone (`DevToolsPage.emulatePhone`) with `initScript` in every
    /// document, then at `url`.
    public func openPhone(_ url: String, initScript: String? = nil) async throws -> DevToolsPage {
        let page = try await open("about:blank")
        try await page.emulatePhone()
        if let initScript { try await page.addInitScript(initScript) }
        try await page.navigate(url)
        return page
    }

    /// A new tab at `url`, with a DevTools session attached.
    public func open(_ url: String) async throws -> DevToolsPage {
        let transport = NIOHTTPTransport.live
        // The whole address is the query: its own ?, & and # must not be read as ours.
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "?&#=+")
        let endpoint = "http://127.0.0.1:\(debuggingPort)/json/new?\(url.addingPercentEncoding(withAllowedCharacters: allowed) ?? url)"
        let response = try await transport.send(TransportRequest(method: "PUT", url: endpoint))
        struct Target: Decodable { var webSocketDebuggerUrl: String }
        guard response.status == 200, let target = try? JSONDecoder().decode(Target.self, from: response.body) else {
            throw LaunchError(description: "Chromium would not open a tab (HTTP \(response.status))")
        }
        return try await DevToolsPage.connect(target.webSocketDebuggerUrl)
    }

    /// Kills the browser at once; reaping it, sweeping its helpers and removing its profile
    /// happen on a thread of their own. Done inline they blocked one of the few threads Swift
    /// concurrency runs on (two on a 2-core machine) for seconds under load, and every
    /// server's timers in the test process stalled with it.
    public func close() {
        let (process, profile) = (self.process, self.profile)
        // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        Thread.detachNewThread {
            if process.isRunning { process.waitUntilExit() }
            // Chromium's helpers outlive a killed browser; each names the profile folder.
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/pkill") {
                let sweep = Process()
                sweep.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
                sweep.arguments = ["-KILL", "-f", profile.path]
                try? sweep.run()
                sweep.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: profile)
        }
    }
}
