import Foundation

/// An `osascript` for tests, put first on `PATH`: answers `MacMusicApp.scriptLines` as the
/// Spotify or Music app would, from a state file the test rewrites (`FakeMacAppState`),
/// after a start-up delay like the real one's. Python, as a real `osascript` is its own
/// process started per question.
public enum FakeOsascript {
    /// The environment variable naming the state file.
    public static let stateVariable = "SIMULCAST_FAKE_MAC_APP"

    /// Writes the program as `folder/osascript`; put `folder` first on `PATH`.
    public static func install(in folder: String) throws {
        let path = (folder as NSString).appendingPathComponent("osascript")
        try program.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    static let program = #"""
        #!/usr/bin/env python3
        # A stand-in for macOS's osascript answering Simulcast's script for the Spotify or Music app.
        json, os, sys, time = (__import__(name) for name in ("json", "os", "sys", "time"))
        script = "\n".join(a for a in sys.argv[1:] if a != "-e")
        app = "Spotify" if 'application "Spotify"' in script else "Music"
        with open(os.environ["SIMULCAST_FAKE_MAC_APP"]) as f:
            state = json.load(f)
        time.sleep(state.get("startupMs", 30) / 1000)
        if "application" not in script:
            print("ok")
            sys.exit(0)
        if not state.get("authorized", True):
            sys.stderr.write("27:180: execution error: Not authorized to send Apple events to %s. (-1743)\n" % app)
            sys.exit(1)
        if state.get("garbage"):
            sys.stdout.write(state["garbage"])
            sys.exit(0)
        if not state.get("running", True):
            print("not running")
            sys.exit(0)
        if state.get("state", "stopped") == "stopped" or "track" not in state:
            print("stopped")
            sys.exit(0)
        track = state["track"]
        position = state["positionMs"]
        if state["state"] == "playing":
            position += time.time() * 1000 - state["sinceEpochMs"]
        fields = ["track", state["state"], track["id"], track["name"], track["artist"], track["album"], str(track["duration"]), "%.3f" % (position / 1000)]
        print("\x1f".join(fields))
        """#
}
