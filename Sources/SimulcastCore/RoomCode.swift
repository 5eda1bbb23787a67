import Foundation

/// Six characters a person can read out loud: no 0/O, 1/I/L confusion.
public enum RoomCode {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 6

    public static func generate<R: RandomNumberGenerator>(using generator: inout R) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// Accepts any case and surrounding spaces; nil when it cannot be a room code.
    public static func normalise(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == length, code.allSatisfy(alphabet.contains) else { return nil }
        return code
    }
}
