import SimulcastCore
import Testing

@testable import Rooms

/// Who a room lets in, as a table of hellos, without a hub or a socket.
@Suite struct RoomAdmissionTests {
    static let start = LocalTime(micros: 1_000_000_000)
    static let tokenHash = HostToken.hash("host-secret")

    static func admission(code: String = "K7PQ2MXR9T", _ change: (inout ServerLimits) -> Void = { _ in }) -> RoomAdmission {
        var limits = ServerLimits()
        change(&limits)
        return RoomAdmission(code: code, limits: limits, now: start)
    }

    static func listener(name: String? = nil, service: MusicService? = .appleMusic, storefront: String? = "us") -> Wire.Hello {
        Wire.Hello(role: .listener, room: "K7PQ2MXR9T", service: service, storefront: storefront, name: name)
    }

    static func host(token: String? = "host-secret") -> Wire.Hello { Wire.Hello(role: .host, room: "K7PQ2MXR9T", hostToken: token) }

    static func admit(
        _ hello: Wire.Hello, into admission: RoomAdmission = admission(), listeners: Int = 0, taken: Set<String> = [],
        pairs: RoomMatchUpkeep = RoomMatchUpkeep(corrections: [:])
    ) -> Result<RoomAdmission.Admitted, RoomAdmission.Refused> {
        var admission = admission
        return admission.admit(
            hello, id: 7, hostTokenHash: tokenHash, listeners: listeners, isNameTaken: { Set(taken.map(DisplayName.folded)).contains($0) }, pairs: pairs,
            now: start)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let label: String
        let hello: Wire.Hello
        let listeners: Int
        let code: Wire.ErrorCode
        let limit: ServerMetrics.Limit?
        var testDescription: String { label }
    }

    static let refusals: [Refusal] = [
        Refusal(label: "a host without a token", hello: host(token: nil), listeners: 0, code: .invalidHostToken, limit: nil),
        Refusal(label: "a host with the wrong token", hello: host(token: "guess"), listeners: 0, code: .invalidHostToken, limit: nil),
        Refusal(label: "a listener in a full room", hello: listener(), listeners: 20_000, code: .roomFull, limit: .listenersPerRoom),
    ]

    @Test(arguments: refusals) func refuses(_ row: Refusal) throws {
        guard case .failure(let refused) = Self.admit(row.hello, listeners: row.listeners) else { Issue.record("admitted"); return }
        #expect(refused.error.code == row.code)
        #expect(refused.limit == row.limit)
        #expect(!refused.error.message.contains("host-secret"))
    }

    @Test func aHostFullRoomStillTakesTheHost() throws {
        let admitted = try Self.admit(Self.host(), listeners: 20_000).get()
        #expect(admitted.notice == nil)
    }

    @Test func theHostsReconnectsRunOutAndComeBackWithTime() {
        var admission = Self.admission { $0.hostJoinsPerRoom = TokenBucket.Rate(burst: 2, perSecond: 0.5) }
        func admit(at seconds: Int64) -> Bool {
            let now = Self.start.advanced(by: .seconds(seconds))
            let pairs = RoomMatchUpkeep(corrections: [:])
            return
                (try? admission.admit(Self.host(), id: 1, hostTokenHash: Self.tokenHash, listeners: 0, isNameTaken: { _ in false }, pairs: pairs, now: now)
                .get()) != nil
        }
        #expect(admit(at: 0))
        #expect(admit(at: 0))
        #expect(!admit(at: 0), "the third reconnect in one instant")
        #expect(!admit(at: 1), "half a reconnect earned")
        #expect(admit(at: 2))
    }

    @Test func aWrongTokenTakesNoReconnect() {
        var admission = Self.admission { $0.hostJoinsPerRoom = TokenBucket.Rate(burst: 1, perSecond: 0) }
        let pairs = RoomMatchUpkeep(corrections: [:])
        _ = admission.admit(
            Self.host(token: "guess"), id: 1, hostTokenHash: Self.tokenHash, listeners: 0, isNameTaken: { _ in false }, pairs: pairs, now: Self.start)
        #expect(
            (try? admission.admit(Self.host(), id: 2, hostTokenHash: Self.tokenHash, listeners: 0, isNameTaken: { _ in false }, pairs: pairs, now: Self.start)
                .get()) != nil)
    }

    @Test func aNewPairBeyondTheCapIsRefusedAndAPairInUseIsNot() {
        let admission = Self.admission { $0.matchPairsPerRoom = 1 }
        var pairs = RoomMatchUpkeep(corrections: [:])
        pairs.listenerJoined(on: ServiceMatchKey(service: .appleMusic, storefront: "us"))
        guard case .failure(let refused) = Self.admit(Self.listener(service: .deezer, storefront: "fr"), into: admission, pairs: pairs) else {
            Issue.record("a second pair was admitted")
            return
        }
        #expect(refused.error.code == .roomFull)
        #expect(refused.limit == .matchPairs)
        #expect((try? Self.admit(Self.listener(), into: admission, pairs: pairs).get()) != nil)
    }

    struct Naming: CustomTestStringConvertible, Sendable {
        let label: String
        let name: String?
        var taken: Set<String> = []
        let shown: String
        let renamed: Bool
        var testDescription: String { label }
    }

    static let namings: [Naming] = [
        Naming(label: "no name", name: nil, shown: "Listener 7", renamed: false),
        Naming(label: "a name", name: "  Ana ", shown: "Ana", renamed: false),
        Naming(label: "the host's label", name: "Host", shown: "Listener 7", renamed: true),
        Naming(label: "a name of megabytes", name: String(repeating: "é", count: 100_000), shown: "Listener 7", renamed: true),
        Naming(label: "only spaces, as no name", name: "   ", shown: "Listener 7", renamed: false),
        Naming(label: "only braille blanks", name: "\u{2800}\u{2800}", shown: "Listener 7", renamed: true),
        // Issue 52: a name is nobody's key to the room, and no two listeners share one.
        Naming(label: "a given name typed", name: "Listener 3", shown: "Listener 7", renamed: true),
        Naming(label: "a given name spaced and cased", name: "LISTENER  12", shown: "Listener 7", renamed: true),
        Naming(label: "a given name without its space", name: "listener9", shown: "Listener 7", renamed: true),
        Naming(label: "a name that only starts like one", name: "Listener Bee", shown: "Listener Bee", renamed: false),
        Naming(label: "a namesake", name: "Ana", taken: ["Ana"], shown: "Ana 2", renamed: true),
        Naming(label: "a namesake in other case and accents", name: "ANA", taken: ["ána", "ANA 2"], shown: "ANA 3", renamed: true),
        Naming(
            label: "a namesake at the length limit", name: String(repeating: "x", count: 32), taken: [String(repeating: "x", count: 32)],
            shown: String(repeating: "x", count: 30) + " 2", renamed: true),
        Naming(label: "a fallback already taken", name: nil, taken: ["Listener 7"], shown: "Listener 7 2", renamed: false),
    ]

    @Test(arguments: namings) func names(_ row: Naming) throws {
        let admitted = try Self.admit(Self.listener(name: row.name), taken: row.taken).get()
        #expect(admitted.name == row.shown)
        #expect((admitted.notice?.contains("the others see you as \(row.shown)") ?? false) == row.renamed, "\(admitted.notice ?? "no notice")")
    }

    @Test func aHostsNameIsTakenOrRefusedWithAReason() throws {
        var hello = Self.host()
        hello.name = " Ana "
        #expect(try Self.admit(hello).get().chosenName == "Ana")
        #expect(try Self.admit(hello).get().notice == nil)
        hello.name = "Host"
        let refused = try Self.admit(hello).get()
        #expect(refused.chosenName == nil)
        #expect(refused.notice?.hasSuffix("the room shows no host name.") == true, "\(refused.notice ?? "no notice")")
    }

    @Test func aSixCharacterCodeIsAnnouncedAsRetiringAlongsideARename() throws {
        let admitted = try Self.admit(Self.listener(name: "Host"), into: Self.admission(code: "ABC234")).get()
        let notice = try #require(admitted.notice)
        #expect(notice.hasPrefix("This room's code stops working on 2027-01-01 (UTC). Ask the host for a new link before then."))
        #expect(notice.hasSuffix("the others see you as Listener 7."))
        let host = try Self.admit(Self.host(), into: Self.admission(code: "ABC234")).get()
        #expect(host.notice?.contains("Start a new room before then") == true)
    }

    @Test func theStorefrontIsNormalisedAndDefaultsToUS() throws {
        #expect(try Self.admit(Self.listener(storefront: "FR")).get().storefront == "fr")
        #expect(try Self.admit(Self.listener(storefront: nil)).get().storefront == "us")
        #expect(try Self.admit(Self.listener(storefront: "not a country")).get().storefront == "us")
    }
}
