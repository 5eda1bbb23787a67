import Testing

@testable import simulcast_bench

@Suite struct InstructionPartTests {
    @Test(
        arguments: [
            ("$s5Rooms8LiveRoomC7receive", "Rooms"),
            ("$s8NIOPosix14SelectableEventLoopC3run", "NIOPosix"),
            ("$sSa6appendyyxnF", "Swift"),
            ("$ss17_dictionaryUpCast", "Swift"),
            ("$s15SimulcastServer6OutboxV", "SimulcastServer"),
            ("$s99Short", nil),
            ("swift_retain", nil),
            ("memcpy", nil),
        ] as [(String, String?)])
    func aSwiftSymbolNamesItsModule(symbol: String, module: String?) {
        #expect(InstructionPart.module(ofMangled: symbol) == module)
    }

    @Test(arguments: [
        ("/opt/swift/usr/lib/swift/linux/libswiftCore.so", "swift_retain", InstructionPart.referenceCounting),
        ("/opt/swift/usr/lib/swift/linux/libswiftCore.so", "swift_beginAccess", .exclusivity),
        ("/usr/lib/x86_64-linux-gnu/libc.so.6", "malloc", .allocation),
        ("/usr/lib/x86_64-linux-gnu/libc.so.6", "__memcpy_avx_unaligned_erms", .libc),
        ("/opt/swift/usr/lib/swift/linux/libswift_Concurrency.so", "swift_task_enqueueGlobal", .concurrency),
        ("/opt/swift/usr/lib/swift/linux/libFoundationEssentials.so", "$s20FoundationEssentials11JSONEncoderC", .foundation),
        ("/opt/swift/usr/lib/swift/linux/libswiftCore.so", "$sSS6appendyySSF", .standardLibrary),
        ("/srv/simulcast", "$s7NIOCore10ByteBufferV5write", .nio),
        ("/srv/simulcast", "$s11Hummingbird6RouterV", .http),
        ("/srv/simulcast", "$s13SimulcastCore9WireCodecV6encode", .core),
        ("/srv/simulcast", "$s11RoomStorage12SQLiteRoomStoreC", .store),
        ("/srv/simulcast", "sqlite3VdbeExec", .store),
        ("/srv/simulcast", "$s7Logging6LoggerV", .logging),
        ("/srv/simulcast", "some_c_helper", .other),
    ])
    func aFunctionIsFiledByItsLibraryOrModule(object: String, name: String, part: InstructionPart) {
        #expect(InstructionPart(of: CallgrindProfile.Function(object: object, name: name)) == part)
    }
}
