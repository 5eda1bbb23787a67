/// One D-Bus message: a header (type, flags, serial, header fields) and a body of values.
public struct DBusMessage: Hashable, Sendable {
    public enum Kind: UInt8, Hashable, Sendable {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    public static let noReplyExpected: UInt8 = 0x1

    public var kind: Kind
    public var flags: UInt8 = 0
    public var serial: UInt32 = 0
    public var path: String?
    public var interface: String?
    public var member: String?
    public var errorName: String?
    public var replySerial: UInt32?
    public var destination: String?
    public var sender: String?
    public var body: [DBusValue] = []

    public init(kind: Kind, path: String? = nil, interface: String? = nil, member: String? = nil, destination: String? = nil, body: [DBusValue] = []) {
        self.kind = kind
        self.path = path
        self.interface = interface
        self.member = member
        self.destination = destination
        self.body = body
    }

    public var signature: String { body.map(\.signature).joined() }

    /// An error reply's text, when its first argument is a string (as the spec says).
    public var errorMessage: String? { body.first?.string }
}
