import Testing

/// The pages' shared values (`Web/constants.js`) are generated from Swift; this fails when a
/// Swift value changed and the file was not regenerated (or someone edited it by hand).
@Suite struct WebConstantsTests {
    @Test func theCommittedModuleIsWhatTheSwiftValuesGenerate() throws {
        try GeneratedWebFile.expectCommitted(
            WebConstantsModule.text, at: WebConstantsModule.file, regenerate: "SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WebConstantsTests")
    }

    @Test func theModuleCarriesTheValuesThePagesNeed() {
        let text = WebConstantsModule.text
        for name in ["FINAL_CLOSE_CODES", "IN_SYNC_MS = 50", "OUTPUT_LATENCY_LIMIT_MS = 2000", "\"room.state\"", "burstSize: 16", "\"simulcast.service\""] {
            #expect(text.contains(name), "\(name) is missing")
        }
    }
}
