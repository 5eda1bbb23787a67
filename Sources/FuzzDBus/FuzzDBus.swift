import DBus
import Foundation

/// One fuzz input through the D-Bus wire reader as the connection uses it: frame length
/// from the fixed header, then a full decode, then a re-encode of what was read.
/// `-DFUZZING` builds it for libFuzzer; otherwise `fuzz-dbus FILE...` replays inputs, and
/// `fuzz-dbus --seeds DIR` writes a seed corpus of well-formed messages.
func exerciseDBus(_ bytes: [UInt8]) {
    guard let length = try? DBusWire.messageLength(bytes), length <= bytes.count else { return }
    guard let message = try? DBusWire.decode(Array(bytes[..<length])) else { return }
    _ = try? DBusWire.encode(message, serial: message.serial)
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzDBus(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        exerciseDBus(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    @main
    enum FuzzDBusReplay {
        static func main() throws {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--seeds", arguments.count == 2 {
                try writeSeeds(to: arguments[1])
                return
            }
            arguments.removeAll { $0.hasPrefix("-") }
            for path in arguments { exerciseDBus(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) }
        }

        static func writeSeeds(to folder: String) throws {
            var call = DBusMessage(kind: .methodCall)
            call.path = "/org/mpris/MediaPlayer2"
            call.interface = "org.freedesktop.DBus.Properties"
            call.member = "Get"
            call.destination = "org.mpris.MediaPlayer2.vlc"
            call.body = [.string("org.mpris.MediaPlayer2.Player"), .string("Position")]
            var signal = DBusMessage(kind: .signal)
            signal.path = "/org/mpris/MediaPlayer2"
            signal.interface = "org.freedesktop.DBus.Properties"
            signal.member = "PropertiesChanged"
            signal.body = [
                .string("org.mpris.MediaPlayer2.Player"),
                .array(elementSignature: "{sv}", [.dictEntry(.string("PlaybackStatus"), .variant(.string("Playing")))]), .array(elementSignature: "s", []),
            ]
            for (name, message) in [("call", call), ("signal", signal)] {
                try Data(try DBusWire.encode(message, serial: 7)).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).bin"))
            }
        }
    }
#endif
