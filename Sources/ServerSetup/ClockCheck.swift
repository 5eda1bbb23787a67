import Foundation

/// Whether this machine's clock is sane: the sync itself never trusts it (clients measure the
/// server's clock), but certificates, tokens' iat and exp, and room expiry do.
public enum ClockCheck {
    static let name = "clock"
    public static let tolerance: TimeInterval = 30

    /// - Parameter reference: another clock's reading (an HTTP `Date`, the database's now), nil when none answered.
    public static func judge(now: Date, reference: Date?, referenceName: String) -> DoctorCheck {
        guard let reference else { return DoctorCheck(name, .skip, "no other clock answered to compare with") }
        let off = now.timeIntervalSince(reference)
        guard abs(off) <= tolerance else {
            return DoctorCheck(
                name, .fail, String(format: "this machine's clock is %.0f s %@ %@'s", abs(off), off > 0 ? "ahead of" : "behind", referenceName),
                fix: "turn on time synchronisation (timedatectl set-ntp true): Apple refuses tokens whose iat is in the future")
        }
        return DoctorCheck(name, .pass, String(format: "within %.0f s of %@", max(1, abs(off)), referenceName))
    }
}
