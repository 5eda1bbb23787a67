/// A value in the D-Bus type system, with enough type information to marshal it: arrays
/// carry their element signature so that empty arrays still have a type.
public indirect enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    case array(elementSignature: String, [DBusValue])
    case structure([DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)
    case unixFD(UInt32)

    /// This value's type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        case .unixFD: "h"
        }
    }

    /// A dictionary `a{sv}`, the shape of MPRIS metadata and property maps.
    public static func stringVariantMap(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(elementSignature: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    // Readers that see through variants, for the loosely typed values players send.
    public var string: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): s
        case .variant(let inner): inner.string
        default: nil
        }
    }

    public var int64: Int64? {
        switch self {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(clamping: v)
        case .double(let v): v.isFinite ? Int64(v) : nil
        case .variant(let inner): inner.int64
        default: nil
        }
    }

    public var double: Double? {
        switch self {
        case .double(let v): v
        case .variant(let inner): inner.double
        default: int64.map(Double.init)
        }
    }

    public var bool: Bool? {
        switch self {
        case .bool(let v): v
        case .variant(let inner): inner.bool
        default: nil
        }
    }

    /// Strings of an `as` (or a lone string, which some players send for `xesam:artist`).
    public var strings: [String]? {
        switch self {
        case .array(_, let items): items.compactMap(\.string)
        case .string(let s): [s]
        case .variant(let inner): inner.strings
        default: nil
        }
    }

    /// Entries of an `a{sv}` (or any dictionary with string keys).
    public var dictionary: [String: DBusValue]? {
        switch self {
        case .array(_, let items):
            var result: [String: DBusValue] = [:]
            for item in items {
                guard case .dictEntry(let key, let value) = item, let name = key.string else { return nil }
                result[name] = value
            }
            return result
        case .variant(let inner): return inner.dictionary
        default: return nil
        }
    }

    /// The value inside a variant (or the value itself).
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }
}
