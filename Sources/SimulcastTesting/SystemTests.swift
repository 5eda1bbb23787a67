import Foundation

/// Whether tests that need a system program (Chromium, dbus-daemon) run. Where the program
/// is missing they are skipped with a reason, unless SIMULCAST_REQUIRE_SYSTEM_TESTS is set
/// (as `.ci/run` does): then they run and fail, so CI can never pass by skipping them.
public enum SystemTests {
    static var required: Bool { ProcessInfo.processInfo.environment["SIMULCAST_REQUIRE_SYSTEM_TESTS"] != nil }
    public static var chromium: Bool { HeadlessChromium.executable() != nil || required }
    public static var dbus: Bool { PrivateDBusDaemon.executable() != nil || required }
    /// Debian's mpv with its MPRIS plugin (mpv-mpris).
    public static var mpv: Bool { (MPVPlayer.executable() != nil && MPVPlayer.mprisPlugin() != nil) || required }
}
