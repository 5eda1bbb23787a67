/// The wire format as a public surface: for the fuzz target and its corpus tools. The
/// connection uses the same reader and writer.
public enum DBusWire {
    /// Decodes one complete message; garbage throws `DBusError.malformed`, never traps.
    public static func decode(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        try DBusWireReader.decode(bytes)
    }

    /// The size of the message starting at `bytes[0]`, or nil when its fixed header is not in yet.
    public static func messageLength(_ bytes: [UInt8]) throws(DBusError) -> Int? {
        try DBusWireReader.messageLength(bytes[...])
    }

    public static func encode(_ message: DBusMessage, serial: UInt32) throws(DBusError) -> [UInt8] {
        try DBusWireWriter.encode(message, serial: serial)
    }
}
