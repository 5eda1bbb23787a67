import Foundation

/// Ten characters a person can read out loud (no 0/O, 1/I/L confusion): 31^10 ≈ 8.2e14 codes,
/// so guessing any one of 10,000 live rooms at the server's lookup rate takes millennia per
/// address (README, "Limits"). Six-character codes from before are accepted until the server's
/// retirement date for them (`ServerLimits.legacyRoomCodesUntil`): at its lookup rate a
/// thousand addresses would find one such room in days.
public enum RoomCode {
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 10
    /// Rooms made by earlier versions, until their codes are retired.
    static let legacyLength = 6

    public static func generate<R: RandomNumberGenerator>(using generator: inout R) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// A six-character code from an earlier version (normalised codes only).
    public static func isLegacy(_ code: String) -> Bool { code.count == legacyLength }

    /// Accepts any case, and spaces and dashes anywhere ("K7PQ2-MXR9T", "k7pq2 mxr9t": codes
    /// are read out and typed in groups); nil when it cannot be a room code.
    public static func normalise(_ text: String) -> String? {
        guard text.utf8.count <= 32 else { return nil }
        let code = text.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard code.count == length || code.count == legacyLength, code.allSatisfy(alphabet.contains) else { return nil }
        return code
    }
}
