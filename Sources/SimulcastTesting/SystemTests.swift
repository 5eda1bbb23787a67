import Foundation

/// Whether tests that need a system program (Chromium, dbus-daemon, mpv, zbarimg) run. Where the program
/// is missing they are skipped with a reason, unless SIMULCAST_REQUIRE_SYSTEM_TESTS is set
/// (as `.ci/run` does): then they run and fail, so CI can never pass by skipping them.
public enum SystemTests {
    static var required: Bool { ProcessInfo.processInfo.environment["SIMULCAST_REQUIRE_SYSTEM_TESTS"] != nil }
    public static var chromium: Bool { HeadlessChromium.executable() != nil || required }
    /// WebKitGTK's WebDriver, MiniBrowser and Xvfb (Debian's webkit2gtk-driver and xvfb).
    public static var webKit: Bool { WebKitBrowser.unavailableReason == nil || required }
    public static var dbus: Bool { PrivateDBusDaemon.executable() != nil || required }
    /// Debian's mpv with its MPRIS plugin (mpv-mpris).
    public static var mpv: Bool { (MPVPlayer.executable() != nil && MPVPlayer.mprisPlugin() != nil) || required }
    /// Debian's zbar-tools, whose `zbarimg` reads QR codes from images.
    public static var zbar: Bool { zbarimg != nil || required }
    /// Set by `scripts/test.sh` for its second pass, which runs alone the tests that would
    /// disturb others (restarting the shared PostgreSQL, browsers and nodes by the handful) or be
    /// disturbed by them (latency bounds).
    /// Debian's caddy and pebble: the HTTPS front the README gives, with a local ACME server.
    public static var caddy: Bool { (executable("caddy") != nil && executable("pebble") != nil) || required }
    public static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"]).map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    public static var isolatedPass: Bool { ProcessInfo.processInfo.environment["SIMULCAST_TEST_ISOLATED"] == "1" }
    public static var zbarimg: URL? {
        ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }
}
