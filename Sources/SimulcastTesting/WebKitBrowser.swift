import Catalogs
import Foundation

/// WebKitGTK, Safari's engine family, driven through its WebDriver (Debian's
/// `webkit2gtk-driver`): `WebKitWebDriver` starts `MiniBrowser --automation` on a private
/// Xvfb display (MiniBrowser's own `--headless` hung here). One session, one window, one page.
public final class WebKitBrowser: Sendable {
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    let display: ChildProcess
    let driver: ChildProcess
    public let page: WebKitPage

    public static func driverExecutable() -> String? { SystemTests.executable("WebKitWebDriver") }
    public static func xvfbExecutable() -> String? { SystemTests.executable("Xvfb") }

    /// MiniBrowser, where Debian puts it (the driver does not find it by itself).
    public static func miniBrowser() -> String? {
        [
            "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
            "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
        ]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why WebKit cannot run here, or nil when it can.
    public static var unavailableReason: String? {
        if driverExecutable() == nil { return "no WebKitWebDriver (Debian's webkit2gtk-driver)" }
        if xvfbExecutable() == nil { return "no Xvfb (Debian's xvfb)" }
        if miniBrowser() == nil { return "no MiniBrowser (Debian's webkit2gtk-driver brings it)" }
        return nil
    }

    /// Starts Xvfb and the driver and opens a session with a phone-sized window.
    public static func launch(width: Int = 390, height: Int = 844) async throws -> WebKitBrowser {
        guard let driverPath = driverExecutable(), let xvfb = xvfbExecutable(), let miniBrowser = miniBrowser() else {
            throw LaunchError(description: unavailableReason ?? "WebKit is not installed")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-webkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A display nobody uses: the X server's socket would be there.
        var number = Int.random(in: 200...900)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number = Int.random(in: 200...900) }
        let display = try ChildProcess(xvfb, [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], logPath: folder + "/xvfb.log")
        let port = try await FreePort.next()
        let driver = try ChildProcess(
            driverPath, ["--port=\(port)"], environment: ["DISPLAY": ":\(number)", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"], logPath: folder + "/driver.log")
        let base = "http://127.0.0.1:\(port)"
        let capabilities = try JSONSerialization.data(withJSONObject: [
            "capabilities": ["alwaysMatch": ["webkitgtk:browserOptions": ["binary": miniBrowser, "args": ["--automation"]]]]
        ])
        var session: String?
        let deadline = ContinuousClock.now + Patience.processStart
        while session == nil, ContinuousClock.now < deadline {
            if let answer = try? await WebKitPage.call(base, "POST", "/session", json: capabilities) {
                session = WebKitPage.value(answer)?["sessionId"] as? String
            }
            if session == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        guard let session else {
            driver.stop()
            display.stop()
            throw LaunchError(description: "WebKit's WebDriver gave no session: \(driver.tail)")
        }
        let page = WebKitPage(base: base + "/session/" + session)
        try await page.setWindow(width: width, height: height)
        return WebKitBrowser(display: display, driver: driver, page: page)
    }

    init(display: ChildProcess, driver: ChildProcess, page: WebKitPage) {
        self.display = display
        self.driver = driver
        self.page = page
    }

    public func close() async {
        await page.close()
        driver.stop()
        display.stop()
    }
}
