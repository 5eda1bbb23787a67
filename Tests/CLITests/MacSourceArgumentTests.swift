import Testing

/// `host --source mac:...` refuses what it cannot follow before it touches the network.
@Suite struct MacSourceArgumentTests {
    @Test func anUnknownMacAppIsRefusedWithTheValuesListed() throws {
        let (status, output) = try ServeConfigTests.run(["host", "--room", "ABCDE23456", "--token", "t", "--source", "mac:itunes"])
        #expect(status != 0)
        #expect(output.contains("mac:spotify") && output.contains("mac:music"), "\(output)")
    }

    @Test func withoutOsascriptTheHostSaysTheSourceIsForMacs() throws {
        // A PATH with no osascript on it (this machine has none anyway).
        let (status, output) = try ServeConfigTests.run(
            ["host", "--server", "http://127.0.0.1:9", "--room", "ABCDE23456", "--token", "t", "--source", "mac:music"], environment: ["PATH": "/nonexistent"])
        #expect(status != 0)
        #expect(output.contains("osascript was not found on PATH"), "\(output)")
        #expect(!output.contains("Fatal error"), "\(output)")
    }
}
