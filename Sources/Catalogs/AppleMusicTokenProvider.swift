import SimulcastCore

/// Hands out a current developer token, minting a new one before the old one expires.
public actor AppleMusicTokenProvider {
    let signer: AppleMusicDeveloperToken
    let clock: any LocalClock
    let lifetimeSeconds: Int64
    let renewBeforeSeconds: Int64
    private var current: (token: String, expiresAt: Int64)?

    public init(signer: AppleMusicDeveloperToken, clock: any LocalClock, lifetimeSeconds: Int64 = 12 * 3_600, renewBeforeSeconds: Int64 = 3_600) {
        self.signer = signer
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
        self.renewBeforeSeconds = min(renewBeforeSeconds, lifetimeSeconds / 2)
    }

    public func token() throws -> String {
        let now = clock.now().micros / 1_000_000  // JWT times are Unix seconds
        if let current, current.expiresAt - now > renewBeforeSeconds { return current.token }
        let token = try signer.mint(issuedAt: now, lifetimeSeconds: lifetimeSeconds)
        current = (token, now + lifetimeSeconds)
        return token
    }

    /// After a 401 the token may have been revoked: mint a fresh one next time.
    public func invalidate() { current = nil }
}
