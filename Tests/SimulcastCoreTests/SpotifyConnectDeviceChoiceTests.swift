import SimulcastCore
import Testing

/// Which Spotify device follows the room: a table of cases.
@Suite struct SpotifyConnectDeviceChoiceTests {
    static let iPhone = SpotifyConnectDevice(id: "p1", name: "Ana's iPhone", kind: "Smartphone")
    static let activeIPhone = SpotifyConnectDevice(id: "p1", name: "Ana's iPhone", kind: "Smartphone", isActive: true)
    static let mac = SpotifyConnectDevice(id: "c1", name: "Ana's MacBook", kind: "Computer")
    static let activeMac = SpotifyConnectDevice(id: "c1", name: "Ana's MacBook", kind: "Computer", isActive: true)
    static let speaker = SpotifyConnectDevice(id: "s1", name: "Kitchen", kind: "Speaker")
    static let activeSpeaker = SpotifyConnectDevice(id: "s1", name: "Kitchen", kind: "Speaker", isActive: true)
    static let tv = SpotifyConnectDevice(id: "t1", name: "Living room TV", kind: "TV", isRestricted: true)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var devices: [SpotifyConnectDevice]
        var asked: String?
        var onPhone: Bool
        var expected: Result<String, SpotifyConnectDeviceChoice.Problem>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing open", devices: [], onPhone: true, expected: .failure(.noDevices)),
        Case(name: "on a phone, its own app first", devices: [mac, speaker, iPhone], onPhone: true, expected: .success("p1")),
        Case(name: "on a phone, its app before an active speaker", devices: [activeSpeaker, iPhone], onPhone: true, expected: .success("p1")),
        Case(name: "on a phone without its app, the active device", devices: [mac, activeSpeaker], onPhone: true, expected: .success("s1")),
        Case(name: "on a phone without its app, a computer before a speaker", devices: [speaker, mac], onPhone: true, expected: .success("c1")),
        Case(name: "on a desktop, the active device", devices: [mac, activeIPhone], onPhone: false, expected: .success("p1")),
        Case(name: "on a desktop, a computer before a phone", devices: [iPhone, mac, speaker], onPhone: false, expected: .success("c1")),
        Case(name: "on a desktop, a phone before a speaker", devices: [speaker, iPhone], onPhone: false, expected: .success("p1")),
        Case(name: "restricted devices are never chosen", devices: [tv, speaker], onPhone: false, expected: .success("s1")),
        Case(name: "only restricted devices", devices: [tv], onPhone: true, expected: .failure(.onlyRestricted(["Living room TV"]))),
        Case(name: "asked by id", devices: [mac, iPhone], asked: "p1", onPhone: false, expected: .success("p1")),
        Case(name: "asked by whole name, any case", devices: [activeMac, speaker], asked: "kitchen", onPhone: false, expected: .success("s1")),
        Case(name: "asked by the name's beginning", devices: [activeMac, iPhone], asked: "ana's i", onPhone: false, expected: .success("p1")),
        Case(
            name: "asked for one that is not open", devices: [mac, speaker], asked: "Car", onPhone: false,
            expected: .failure(.notFound(asked: "Car", available: ["Ana's MacBook", "Kitchen"]))),
        Case(name: "asked for a restricted one", devices: [tv, mac], asked: "Living room TV", onPhone: false, expected: .failure(.onlyRestricted(["Living room TV"]))),
        Case(name: "a blank ask is no ask", devices: [iPhone, activeMac], asked: "  ", onPhone: false, expected: .success("c1")),
    ]

    @Test(arguments: cases) func choice(_ row: Case) {
        let chosen = SpotifyConnectDeviceChoice.choose(row.devices, asked: row.asked, onPhone: row.onPhone).map(\.id)
        #expect(chosen == row.expected)
    }
}
