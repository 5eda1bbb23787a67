import Foundation
import SimulcastCore
import Testing

/// Which Spotify device follows the room: a table of cases. The table is recorded in
/// `Tests/Fixtures/spotify-device-choice.json` with Swift's answers, and node replays it
/// through the listener page's port (`Tests/WebJS/spotify-devices.test.js`).
/// `SIMULCAST_UPDATE_SNAPSHOTS=1` rewrites it after a deliberate change.
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
        Case(
            name: "asked for a restricted one", devices: [tv, mac], asked: "Living room TV", onPhone: false,
            expected: .failure(.onlyRestricted(["Living room TV"]))),
        Case(name: "a blank ask is no ask", devices: [iPhone, activeMac], asked: "  ", onPhone: false, expected: .success("c1")),
    ]

    @Test(arguments: cases) func choice(_ row: Case) {
        let chosen = SpotifyConnectDeviceChoice.choose(row.devices, asked: row.asked, onPhone: row.onPhone).map(\.id)
        #expect(chosen == row.expected)
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spotify-device-choice.json")

    /// One row as the page's port reads it: devices in the Web API's own shape.
    struct Recorded: Codable, Equatable {
        struct Device: Codable, Equatable {
            var id: String
            var name: String
            var type: String
            var isActive: Bool
            var isRestricted: Bool
            enum CodingKeys: String, CodingKey {
                case id, name, type
                case isActive = "is_active"
                case isRestricted = "is_restricted"
            }
        }
        var name: String
        var devices: [Device]
        var asked: String?
        var onPhone: Bool
        /// The device chosen, or the problem's name.
        var chosen: String?
        var problem: String?
    }

    static var recorded: [Recorded] {
        cases.map { row in
            let result = SpotifyConnectDeviceChoice.choose(row.devices, asked: row.asked, onPhone: row.onPhone)
            var chosen: String?
            var problem: String?
            switch result {
            case .success(let device): chosen = device.id
            case .failure(.noDevices): problem = "noDevices"
            case .failure(.notFound): problem = "notFound"
            case .failure(.onlyRestricted): problem = "onlyRestricted"
            }
            return Recorded(
                name: row.name,
                devices: row.devices.map { .init(id: $0.id, name: $0.name, type: $0.kind, isActive: $0.isActive, isRestricted: $0.isRestricted) },
                asked: row.asked, onPhone: row.onPhone, chosen: chosen, problem: problem)
        }
    }

    @Test func theRecordedTableIsSwiftsOwn() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if ProcessInfo.processInfo.environment["SIMULCAST_UPDATE_SNAPSHOTS"] == "1" {
            try encoder.encode(Self.recorded).write(to: Self.file)
        }
        let committed = try JSONDecoder().decode([Recorded].self, from: Data(contentsOf: Self.file))
        #expect(committed == Self.recorded, "the device choice changed: review it and rewrite the table")
    }
}
