/// What a state commit requires of, and does to, the room's host claim.
public enum ClaimRequirement: Hashable, Sendable {
    /// Any claim, left as it is (match answers, corrections).
    case none
    /// Only while `claim` is the room's claim (a host's state).
    case holding(HostClaim)
    /// Becomes the room's claim, whoever held it (a host joining).
    case taking(HostClaim)
    /// Only while `claim` is the room's claim, which is then cleared (the host leaving, or its node dead).
    case releasing(HostClaim)
    /// Whoever holds the claim loses it (the room handed to a new host, who claims it on joining).
    case clearing

    /// The claim the WHERE clause insists on, if any.
    public var required: HostClaim? {
        switch self {
        case .none, .taking, .clearing: nil
        case .holding(let claim), .releasing(let claim): claim
        }
    }

    /// The claim the row has afterwards: `.some(nil)` clears it, nil leaves it alone.
    public var resulting: HostClaim?? {
        switch self {
        case .none, .holding: nil
        case .taking(let claim): .some(claim)
        case .releasing, .clearing: .some(nil)
        }
    }
}
