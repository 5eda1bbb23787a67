/// A match lookup ran past `ServerLimits.matchLookupDeadline`.
struct LookupExpired: Error {}
