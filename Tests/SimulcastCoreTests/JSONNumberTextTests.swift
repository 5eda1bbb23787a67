import Foundation
import Testing

@testable import SimulcastCore

/// The server's own number text must be the wire encoder's, digit for digit.
@Suite struct JSONNumberTextTests {
    static func encoderText(_ value: Double) throws -> String {
        let json = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
        return String(json.dropFirst().dropLast())
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "-0"), (213_573, "213573"), (-1, "-1"), (61_234.567_8, "61234.5678"), (0.1, "0.1"), (1e-7, "1e-07"),
        (9_007_199_254_740_992, "9007199254740992"), (1e16, "1e+16"), (0.300_000_000_000_000_04, "0.30000000000000004"),
    ])
    func aNumberIsWrittenAsTheEncoderWritesIt(value: Double, text: String) throws {
        #expect(JSONNumberText.text(value) == text)
        #expect(try Self.encoderText(value) == text)
    }

    @Test func randomNumbersAgreeWithTheEncoder() throws {
        // A fixed linear congruential sequence: the same numbers on every run.
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed
        }
        for round in 0..<20_000 {
            let bits = Double(bitPattern: next())
            let position = Double(next() % 300_000_000) / 1_000
            let whole = Double(Int64(bitPattern: next()) >> 11)
            for value in [bits, position, whole] + (round < 64 ? [pow(2, Double(round)), pow(2, Double(round)).nextUp] : []) where value.isFinite {
                #expect(JSONNumberText.text(value) == (try Self.encoderText(value)), "\(value.bitPattern)")
            }
        }
    }

    @Test func notANumberHasNoText() {
        #expect(JSONNumberText.text(.nan) == nil)
        #expect(JSONNumberText.text(.infinity) == nil)
        #expect(JSONNumberText.text(-.infinity) == nil)
    }
}
