import Testing

@testable import DBus

@Suite struct DBusWireTests {
    static let values: [DBusValue] = [
        .byte(7), .bool(true), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000),
        .int64(-9_000_000_000), .uint64(18_000_000_000_000_000_000), .double(0.25), .string("Ünïcødé ♪"),
        .objectPath("/org/mpris/MediaPlayer2"), .signature("a{sv}"),
        .array(elementSignature: "s", []), .array(elementSignature: "x", [.int64(1), .int64(2)]),
        .stringVariantMap([("mpris:length", .int64(178_000_000)), ("xesam:artist", .array(elementSignature: "s", [.string("B*Witched")]))]),
        .structure([.byte(1), .variant(.string("x")), .double(2)]),
    ]

    @Test(arguments: values)
    func valuesSurviveAMessageRoundTrip(_ value: DBusValue) throws {
        var message = DBusMessage(kind: .signal, path: "/p", interface: "a.b", member: "C", body: [.byte(1), value])
        message.sender = ":1.5"
        let bytes = try DBusWireWriter.encode(message, serial: 42)
        #expect(try DBusWireReader.messageLength(bytes[...]) == bytes.count)
        let decoded = try DBusWireReader.decode(bytes)
        #expect(decoded.body == message.body)
        #expect(decoded.serial == 42)
        #expect(decoded.member == "C")
        #expect(decoded.sender == ":1.5")
    }

    /// A method call as libdbus writes it (big-endian, from the spec's layout), decoded.
    @Test func readsBigEndianMessages() throws {
        var bytes: [UInt8] = [UInt8(ascii: "B"), 1, 0, 1, 0, 0, 0, 8, 0, 0, 0, 9]
        // Header fields: MEMBER "Seek" and SIGNATURE "x".
        let fields: [UInt8] =
            [3, 1, UInt8(ascii: "s"), 0, 0, 0, 0, 4] + Array("Seek".utf8) + [0, 0, 0, 0] + [8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "x"), 0]
        bytes += [0, 0, 0, UInt8(fields.count)] + fields
        while bytes.count % 8 != 0 { bytes.append(0) }
        bytes += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFC, 0x18]  // -1000
        let message = try DBusWireReader.decode(bytes)
        #expect(message.member == "Seek")
        #expect(message.body == [.int64(-1000)])
    }

    @Test(arguments: [
        ("not D-Bus", [UInt8]("GET / HTTP/1.1\r\n\r\n".utf8)),
        (
            "truncated",
            Array(
                try! DBusWireWriter.encode(DBusMessage(kind: .signal, path: "/p", interface: "a.b", member: "C", body: [.string("hello")]), serial: 1).dropLast(
                    3))
        ),
    ])
    func garbageIsAnErrorNotACrash(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: DBusError.self) { _ = try DBusWireReader.decode(bytes) }
    }

    @Test(arguments: [
        ("unix:path=/run/user/1000/bus", "/run/user/1000/bus"),
        ("unix:abstract=/tmp/dbus-x,guid=1;unix:path=/tmp/a%20b", "/tmp/a b"),
    ])
    func findsTheSocketPath(_ address: String, _ path: String) throws {
        #expect(try DBusAddress.socketPath(address) == path)
    }

    @Test func saysWhenThereIsNoBus() {
        #expect(throws: DBusError.self) { _ = try DBusAddress.sessionBusPath(environment: [:]) }
        #expect(throws: DBusError.unsupportedAddress("unix:abstract=/tmp/x")) { _ = try DBusAddress.socketPath("unix:abstract=/tmp/x") }
    }
}
