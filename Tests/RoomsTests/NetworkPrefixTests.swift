import SimulcastTesting
import Testing

@testable import Rooms

@Suite struct NetworkPrefixTests {
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.0/24"),
        ("203.0.113.250", "203.0.113.0/24"),
        ("203.0.114.7", "203.0.114.0/24"),
        ("127.0.0.1", "127.0.0.0/24"),
        ("::ffff:198.51.100.9", "198.51.100.0/24"),
        ("2001:db8:1:2::5", "2001:db8:1::/48"),
        ("2001:DB8:1:ffff:1:2:3:4", "2001:db8:1::/48"),
        ("2001:db8::1", "2001:db8:0::/48"),
        ("::1", "0:0:0::/48"),
        ("fe80::1%eth0", "fe80:0:0::/48"),
        ("64:ff9b::192.0.2.33", "64:ff9b:0::/48"),
        ("in-process", "in-process"),
        ("unknown", "unknown"),
        ("256.1.1.1", "256.1.1.1"),
        ("1.2.3", "1.2.3"),
        ("1::2::3", "1::2::3"),
    ])
    func networks(_ ip: String, _ expected: String) {
        #expect(NetworkPrefix.of(ip) == expected)
    }

    /// Issue 33 (9): rate limits counted each full IPv6 address, so one /64 was unlimited.
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"), ("::ffff:198.51.100.9", "198.51.100.9"), ("2001:db8:1:2::5", "2001:db8:1:2::/64"),
        ("2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"), ("2001:db8:1:3::5", "2001:db8:1:3::/64"), ("fe80::1%eth0", "fe80:0:0:0::/64"),
        ("unknown", "unknown"),
    ])
    func subscribers(_ ip: String, _ expected: String) {
        #expect(NetworkPrefix.subscriber(ip) == expected)
    }

    @Test func anIPv6SlashSixtyFourSharesOneAllowance() {
        let limiter = AddressRateLimiter(rate: TokenBucket.Rate(burst: 3, perSecond: 0.001), clock: ManualClock())
        for host in 1...3 { #expect(limiter.take("2001:db8:1:2::\(host)")) }
        #expect(!limiter.take("2001:db8:1:2::99"), "another address of the same /64")
        #expect(limiter.take("2001:db8:1:3::1"), "the next /64 is another subscriber")
        #expect(limiter.take("203.0.113.7") && limiter.take("203.0.113.8"), "IPv4 addresses stay each their own")
    }
}
