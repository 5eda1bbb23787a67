import SimulcastCore
import Testing

@Suite struct RoomCodeTests {
    @Test(arguments: [
        ("abc234", "ABC234"), (" XYZ789 ", "XYZ789"), ("k7pq2-mxr9t", "K7PQ2MXR9T"), ("K7PQ2MXR9T", "K7PQ2MXR9T"),
        // Typed from a friend's message (issue 24): spaces anywhere, as groups are read out.
        ("k7pq2 mxr9t", "K7PQ2MXR9T"), ("K7P Q2M XR9T", "K7PQ2MXR9T"), ("\tk7pq2\u{00A0}mxr9t\n", "K7PQ2MXR9T"), ("K7PQ2 - MXR9T", "K7PQ2MXR9T"),
        ("ABC10O", nil), ("ABCD", nil), ("ABC234X", nil), ("../../", nil), (String(repeating: "A", count: 5000), nil),
    ])
    func normalises(text: String, expected: String?) {
        #expect(RoomCode.normalise(text) == expected)
    }

    @Test func generatesValidTenCharacterCodes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let code = RoomCode.generate(using: &generator)
            #expect(code.count == 10)
            #expect(RoomCode.normalise(code) == code)
        }
    }
}
