import Foundation

/// The network a client address belongs to, as far as one person can cheaply hold several
/// addresses in it: an IPv4 /24 or an IPv6 /48 (one home or one cloud account gets a whole
/// one). For limits that addresses alone do not bound: the connection cap, and corrections
/// that vouch for each other.
public enum NetworkPrefix {
    /// "203.0.113.0/24", "2001:db8:1::/48"; an IPv4-mapped IPv6 address counts as IPv4. A value
    /// that is not an IP address is its own network (tests' "in-process", "unknown").
    public static func of(_ ip: String) -> String {
        var text = ip.lowercased()
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }  // a zone id
        if text.hasPrefix("::ffff:"), text.contains(".") { text = String(text.dropFirst(7)) }
        if let octets = ipv4(text) { return "\(octets[0]).\(octets[1]).\(octets[2]).0/24" }
        if let groups = ipv6(text) { return groups.prefix(3).map { String($0, radix: 16) }.joined(separator: ":") + "::/48" }
        return ip
    }

    /// What one subscriber holds: an IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64"), for
    /// limits per client: one machine gets a whole /64 and can change its address within it
    /// at will. A value that is not an IP address is its own.
    public static func subscriber(_ ip: String) -> String {
        var text = ip.lowercased()
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
        if text.hasPrefix("::ffff:"), text.contains(".") { text = String(text.dropFirst(7)) }
        if ipv4(text) != nil { return text }
        if let groups = ipv6(text) { return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64" }
        return ip
    }

    static func ipv4(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { part in part.count <= 3 && !part.isEmpty && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        guard octets.count == 4, octets.allSatisfy({ $0 <= 255 }) else { return nil }
        return octets
    }

    /// The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included).
    static func ipv6(_ text: String) -> [Int]? {
        guard text.contains(":"), text.utf8.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [Int]? {
            guard !half.isEmpty else { return [] }
            var result: [Int] = []
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index == parts.count - 1, part.contains("."), let octets = ipv4(String(part)) {
                    result += [octets[0] << 8 | octets[1], octets[2] << 8 | octets[3]]
                } else {
                    guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
