import Foundation

/// Whether a certificate can serve the public origin: for its name, valid now, not about to
/// lapse (a renewal that stopped working shows here weeks before listeners do).
public enum CertificateCheck {
    public static let renewalWarningDays = 14

    /// - Parameter source: where the certificate was read (a file, or what the origin served).
    public static func judge(_ facts: CertificateFacts, host: String, now: Date, source: String) -> DoctorCheck {
        let days = Int((facts.notAfter.timeIntervalSince(now) / 86_400).rounded(.down))
        let names = facts.names.isEmpty ? "no names" : facts.names.prefix(4).joined(separator: ", ")
        guard facts.covers(host) else {
            return DoctorCheck(
                "certificate", .fail, "\(source) is for \(names), not \(host)",
                fix:
                    "get a certificate for \(host) (Caddy does this by itself for the name in its Caddyfile), or set public-origin to the name the certificate is for"
            )
        }
        guard now >= facts.notBefore else {
            return DoctorCheck(
                "certificate", .fail, "\(source) is not valid before \(Self.day(facts.notBefore))",
                fix: "check this machine's clock, or wait until the certificate becomes valid")
        }
        guard now < facts.notAfter else {
            return DoctorCheck(
                "certificate", .fail, "\(source) expired on \(Self.day(facts.notAfter))",
                fix: "renew it (certbot renew, or let Caddy manage it); serve picks the renewed files up without a restart")
        }
        if days < renewalWarningDays {
            return DoctorCheck(
                "certificate", .warn, "\(source) for \(host) expires in \(days) day\(days == 1 ? "" : "s") (\(Self.day(facts.notAfter)))",
                fix: "renewal should have happened by now: check the renewal's logs (Caddy's, or certbot's timer)")
        }
        return DoctorCheck("certificate", .pass, "\(source) for \(host), \(days) days left")
    }

    static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
