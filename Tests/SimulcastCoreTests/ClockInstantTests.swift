import Foundation
import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing

@Suite struct ClockInstantTests {
    @Test(arguments: [
        // (milliseconds, microseconds): truncated toward zero, as every hand-written conversion was.
        (1.5, Int64(1_500)), (0.0009, 0), (-0.0009, 0), (-2.25, -2_250), (.nan, 0),
        (.infinity, .max), (-.infinity, .min), (1e300, .max), (-1e300, .min),
    ])
    func millisecondsBecomeWholeMicroseconds(milliseconds: Double, micros: Int64) {
        #expect(LocalTime.microseconds(milliseconds) == micros)
    }

    @Test func arithmeticSaturatesAndMeasuresInBothUnits() {
        let start: ServerTime = 1_000_000
        #expect(start.advanced(byMilliseconds: 250).micros == 1_250_000)
        #expect(start.milliseconds(to: start.advanced(by: .milliseconds(1_500))) == 1_500)
        #expect(ServerTime(micros: .max).advanced(byMilliseconds: 1) == ServerTime(micros: .max))
        #expect(ServerTime(micros: .min).advanced(by: .seconds(-1)) == ServerTime(micros: .min))
    }

    /// Protocol v1 carries times as bare integers; the types change nothing on the wire.
    @Test func anchorsAndPongsKeepTheirWireFormat() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let anchor = PlaybackAnchor(positionMs: 1_500, at: 1_795_372_805_000_000)
        #expect(String(decoding: try encoder.encode(anchor), as: UTF8.self) == #"{"positionMs":1500,"serverTime":1795372805000000}"#)
        let pong = Wire.TimePong(t0: 5, t1: 6, t2: 7)
        #expect(String(decoding: try encoder.encode(pong), as: UTF8.self) == #"{"t0":5,"t1":6,"t2":7}"#)
        #expect(try JSONDecoder().decode(PlaybackAnchor.self, from: Data(#"{"positionMs":2,"serverTime":-9}"#.utf8)) == PlaybackAnchor(positionMs: 2, at: -9))
    }

    @Test func oneAnchorTypeOnEitherClock() {
        let local = LocalAnchor(positionMs: 10_000, at: 2_000_000)
        #expect(local.position(at: 3_000_000, playing: true) == 11_000)
        #expect(local.position(at: 3_000_000, playing: false) == 10_000)
        #expect(local.advanced(to: 4_000_000, playing: true) == LocalAnchor(positionMs: 12_000, at: 4_000_000))
        let reading = LocalPlayerReading(trackId: "a", playing: true, positionMs: 5, at: 7)
        #expect(reading.at(ServerTime(micros: 9)) == ServerPlayerReading(trackId: "a", playing: true, positionMs: 5, at: 9))
    }

    /// Asking twice keeps the answer with the shorter round trip; a quick one ends the asking.
    @Test func aPolledAnswerKeepsTheTightestRoundTrip() async throws {
        let clock = ManualClock(micros: 1_000_000)
        let delays = Mutex([30.0, 10.0, 20.0])
        let asked = Mutex(0)
        let answer = try await PolledAnswer.ask(clock: clock, attempts: 3) {
            let delay = delays.withLock { $0.removeFirst() }
            clock.advance(byMs: delay)
            return asked.withLock {
                $0 += 1; return $0
            }
        }
        #expect(answer.value == 2)
        #expect(answer.roundTrip == 10_000)
        #expect(answer.midpoint == answer.sentAt.advanced(by: 5_000))

        let quick = try await PolledAnswer.ask(clock: clock, attempts: 3, goodEnough: 4_000) {
            clock.advance(byMs: 1)
            return "first"
        }
        #expect(quick.value == "first" && quick.roundTrip == 1_000)
    }
}
