import SimulcastCore
import Testing

@Suite struct RoomCodeTests {
    @Test(arguments: [("abc234", "ABC234"), (" XYZ789 ", "XYZ789"), ("ABC10O", nil), ("ABCD", nil), ("ABC234X", nil), ("../../", nil)])
    func normalises(text: String, expected: String?) {
        #expect(RoomCode.normalise(text) == expected)
    }

    @Test func generatesValidCodes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let code = RoomCode.generate(using: &generator)
            #expect(RoomCode.normalise(code) == code)
        }
    }
}
