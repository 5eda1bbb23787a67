import AsyncHTTPClient
import Fingerprint
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 25 in a real browser on a phone: the page's output latency, set with the slider
/// (keyboard on the real control) while listening, takes effect at once, is remembered, and
/// puts the page's ear with a CLI listener's (another output latency) and the host's; the
/// Calibrate button runs its whole flow on Chromium's fake microphone, which plays a file:
/// noise is refused, and a file of clicks gives a figure or a refusal, never a silent guess.
extension WebListenerPageTests {
    /// Chromium's switches for a microphone that plays `file` (allowed without asking).
    static func fakeMicrophone(_ file: URL) -> [String] {
        ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--use-file-for-fake-audio-capture=\(file.path)"]
    }

    static func writeWAV(_ samples: [Float], to file: URL) throws {
        try TaggedWAV.data(AudioSamples(samples: samples, sampleRate: 48_000), title: nil, artist: nil).write(to: file)
    }

    /// Two seconds of white noise, seeded.
    static var noise: [Float] {
        var random = SeededGenerator(seed: 25)
        return (0..<96_000).map { _ in Float.random(in: -0.2...0.2, using: &random) }
    }

    /// Each ear is held to what its own player promises against the host: the CLI listener
    /// within 30 ms, the page within the room's "in sync" (`InSync.thresholdMs`). There is no
    /// separate page-and-CLI bound: one of 30 ms asked the page for more than its policy tries
    /// (follow.js corrects only beyond 35 ms), and a page settled 31 ms behind the host with
    /// the CLI 2 ms ahead failed it on an idle machine. Runs in the isolated pass: a CI run
    /// with forty suites beside it had the page's timers 34 ms off.
    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func theOutputLatencyIsSetWhileListeningAndTheEarsAgree() async throws {
        let noiseFile = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-noise-\(UUID().uuidString).wav")
        let clicksFile = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-clicks-\(UUID().uuidString).wav")
        defer { for file in [noiseFile, clicksFile] { try? FileManager.default.removeItem(at: file) } }
        try Self.writeWAV(Self.noise, to: noiseFile)
        try await WebRoom.run(browserArguments: Self.fakeMicrophone(noiseFile)) { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
            let page = try await room.listeningOnAppleMusic()
            // Nothing set: where the figure comes from is said, and a hint shows when it is zero.
            let source = try await page.evaluate("simulcastPage.sound.latency.source", as: String.self)
            #expect(try await page.evaluate("document.getElementById('latency-hint').hidden", as: Bool.self) == (source != "notCalibrated"))

            // Issue 51: no figure in milliseconds on the listening screen; what the listener hears
            // through is words (a preset), and Earlier / Later move it.
            let shownText = "document.body.innerText"
            let figures = try await page.evaluate(shownText, as: String.self).matches(of: /\d+\s*ms\b/).map { String($0.output) }
            #expect(figures.isEmpty, "milliseconds on the listening screen: \(figures)")
            // In the More sheet, found by name.
            try await page.click(role: "button", name: "More")
            #expect(try await page.controls(role: "combobox", name: "Sound through").count == 1)
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "the More sheet open: \(findings)") }
            try await page.run("document.getElementById('more-sheet').scrollIntoView({block: 'center'})")
            try await WebRoom.screenshot(page, "listener-more")
            try await page.run(
                "(() => { const s = document.getElementById('output-kind'); s.value = 'bluetooth'; s.dispatchEvent(new Event('change')); })()")
            #expect(try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self) == 200)
            try await page.click(role: "button", name: "Earlier")
            #expect(try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self) == 220)
            #expect(try await page.evaluate("document.getElementById('output-kind').value", as: String.self) == "", "moved off the preset")
            try await page.click(role: "button", name: "Later")
            try await page.click(role: "button", name: "Later")
            #expect(try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self) == 180)
            #expect(try await page.evaluate(shownText, as: String.self).matches(of: /\d+\s*ms\b/).isEmpty)

            // Calibrate on a microphone that hears only noise: refused, the setting unchanged.
            let before = try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self)
            // The figures and the calibration are under the Sync details.
            try await page.click(role: "button", name: "Sync details")
            try await page.click("#sound summary")
            try await page.click("#calibrate")
            let refusal = try await page.waitFor(
                "(() => { const t = document.getElementById('calibration-result').textContent; return t.startsWith('Not measured') || t.startsWith('Measured') ? t : null; })()",
                as: String.self, seconds: 20)
            #expect(refusal.hasPrefix("Not measured: "), "\(refusal)")
            #expect(try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self) == before)

            // The slider, by keyboard on the real control: 40 steps of 5 ms to the right.
            try await page.run("document.getElementById('latency-slider').focus()")
            let start = try await page.evaluate("Number(document.getElementById('latency-slider').value)", as: Double.self)
            for _ in 0..<40 { try await page.press("ArrowRight") }
            let pageLatency = try await page.evaluate("simulcastPage.sound.milliseconds", as: Double.self)
            #expect(pageLatency == start + 200)
            #expect(try await page.evaluate("document.getElementById('latency-figure').textContent", as: String.self) == "\(Int(pageLatency)) ms (set by you)")
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "sound panel open: \(findings)") }
            try await page.run("document.getElementById('sound').scrollIntoView({block: 'center'})")
            try await WebRoom.screenshot(page, "listener-sound")

            // A CLI listener (the `listen` command's session and simulated player) on 60 ms.
            let cliLatency = 60.0
            let player = SimulatedPlayer(
                configuration: .init(startLatencyMs: 150...300, seekLatencyMs: 60...120, canScheduleStart: true), trueClock: SystemClock(),
                deviceClock: SystemClock(), seed: 25)
            let cli = ListenerSession(
                client: RoomConnection(
                    serverURL: room.base, hello: Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"), clock: SystemClock(),
                    logger: TestSupport.quietLogger),
                player: player, policy: .init(service: .appleMusic, storefront: "us"), outputLatencyMs: cliLatency, logger: TestSupport.quietLogger)
            let cliTask = Task { try await cli.run() }
            defer { cliTask.cancel() }

            // At the ear: each player less its output latency, against the host (0 ms).
            var inARow = 0
            var last = (page: Double.nan, cli: Double.nan)
            let agreed = await Poll.until(timeout: Patience.event, interval: .milliseconds(100)) {
                guard let reading = try? await page.evaluate(WebRoom.appleSample, as: WebRoom.Sample.self), reading.playing else { return false }
                let instant = Int64(reading.at * 1000)
                let host = await room.host.playback.positionMs(at: LocalTime(micros: instant))
                let heard = await player.audible(at: instant)
                guard heard.playing else {
                    inARow = 0
                    return false
                }
                last = (reading.positionMs - pageLatency - host, heard.positionMs - cliLatency - host)
                inARow = InSync.holds(errorMs: last.page) && abs(last.cli) < 30 ? inARow + 1 : 0
                return inARow >= 10
            }
            #expect(agreed, "at the ear: page \(last.page) ms, CLI \(last.cli) ms from the host")
            let summary = try #require(try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code))
            #expect(summary.listeners.contains { $0.outputLatencyMs == cliLatency }, "the CLI listener's report says its output latency")

            // Remembered for this output (named by the browser once the microphone was allowed).
            try await page.navigate("\(room.base)/r/\(room.code)")
            let remembered = try await page.waitFor(
                "(() => { const t = document.getElementById('latency-figure').textContent; return t.includes('remembered') ? t : null; })()", as: String.self)
            #expect(remembered == "\(Int(pageLatency)) ms (remembered for this output)")
            // The page's own click train, 0.3 s in, for the next microphone's file.
            let clickTrain = try await page.evaluate(
                "(async () => Array.from((await import('/web/sync/calibration.js')).clickTrain(48000)))()", as: [Float].self)
            var looped = [Float](repeating: 0, count: 14_400 + 9_600) + clickTrain
            looped += [Float](repeating: 0, count: max(0, 96_000 - looped.count))
            try Self.writeWAV(looped, to: clicksFile)
            await page.close()
        }

        // A microphone that plays the clicks on a loop, out of step with the page's own: the
        // flow ends with a figure it then uses, or says why not.
        try await WebRoom.run(browserArguments: Self.fakeMicrophone(clicksFile)) { room in
            let page = try await room.open()
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click(role: "button", name: "Listen on Apple Music")
            try await page.click(role: "button", name: "Sync details")
            try await page.click("#sound summary")
            try await page.click("#calibrate")
            let result = try await page.waitFor(
                "(() => { const t = document.getElementById('calibration-result').textContent; return t.startsWith('Not measured') || t.startsWith('Measured') ? t : null; })()",
                as: String.self, seconds: 20)
            let figure = try await page.evaluate("document.getElementById('latency-figure').textContent", as: String.self)
            if result.hasPrefix("Measured ") {
                let measured = try await page.evaluate("Math.round(simulcastPage.sound.lastCalibration.outputLatencyMs)", as: Int.self)
                #expect(figure == "\(measured) ms (set by you)")
                #expect(result.contains("% sure"))
            } else {
                #expect(result.hasPrefix("Not measured: "))
                #expect(!figure.contains("set by you"))
            }
            await page.close()
        }
    }
}
