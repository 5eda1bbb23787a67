import Foundation

/// When to try a request again: on 429 and 5xx (and 403 for iTunes, which answers rate
/// limits that way), with exponential backoff and jitter, honouring `Retry-After`.
public struct RetryPolicy: Sendable {
    public var maximumAttempts: Int
    public var baseDelaySeconds: Double
    public var maximumDelaySeconds: Double
    /// Statuses worth retrying besides 429 and 5xx.
    public var extraRetryStatuses: Set<Int>
    /// The longest a service's `Retry-After` holds every request to it back; set from
    /// `ServicePolicy` by the client that uses this policy.
    public var retryAfterCapSeconds = ServicePolicy().retryAfterCapSeconds

    public init(maximumAttempts: Int = 4, baseDelaySeconds: Double = 0.5, maximumDelaySeconds: Double = 30, extraRetryStatuses: Set<Int> = []) {
        self.maximumAttempts = maximumAttempts
        self.baseDelaySeconds = baseDelaySeconds
        self.maximumDelaySeconds = maximumDelaySeconds
        self.extraRetryStatuses = extraRetryStatuses
    }

    /// How long a `Retry-After` is honoured: what it says, within zero and the cap.
    public func honoured(retryAfter seconds: Double) -> Double {
        min(max(seconds, 0), retryAfterCapSeconds)
    }

    public func shouldRetry(status: Int) -> Bool {
        status == 429 || status >= 500 || extraRetryStatuses.contains(status)
    }

    /// Delay before attempt `attempt + 1` (attempt counts from 1), in seconds.
    public func delay(afterAttempt attempt: Int, retryAfter: Double?, jitter: Double) -> Double {
        if let retryAfter { return min(honoured(retryAfter: retryAfter), maximumDelaySeconds) }
        let exponential = baseDelaySeconds * Double(1 << min(attempt - 1, 16))
        return min(exponential * (0.5 + jitter), maximumDelaySeconds)
    }

    /// `Retry-After` in seconds (the delta form; Spotify and Apple send that).
    public static func retryAfterSeconds(_ header: String?) -> Double? {
        guard let header, let seconds = Double(header.trimmingCharacters(in: .whitespaces)) else { return nil }
        return seconds
    }
}
