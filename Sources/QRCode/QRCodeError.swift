/// Why a QR code could not be made.
public enum QRCodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More data than version 10 at level M holds.
    case tooLong(bits: Int, capacityBits: Int)
    /// A numeric segment with something other than digits.
    case notDigits

    public var description: String {
        switch self {
        case .tooLong(let bits, let capacity): "too long for a QR code of version 10 at level M (\(bits) bits, room for \(capacity))"
        case .notDigits: "a numeric QR segment holds digits only"
        }
    }
}
