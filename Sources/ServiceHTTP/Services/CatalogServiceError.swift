import SimulcastCore

/// What went wrong talking to a music service, typed so callers can react (wait, re-auth,
/// give up). Descriptions name the service and the problem, never a token, key or body.
public enum CatalogServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 401: the token is missing, expired or wrong.
    case unauthorized(MusicService)
    /// 403: the credentials are valid but not allowed this (or, for iTunes, rate limited).
    case forbidden(MusicService)
    /// 429 (or Deezer's QUOTA error): try again after this many seconds, if said.
    case rateLimited(MusicService, retryAfterSeconds: Double?)
    /// The service says the thing asked for does not exist (Deezer's DATA_NOT_FOUND, a 404).
    case notFound(MusicService)
    /// A 5xx, or another status the client does not expect.
    case unexpectedStatus(MusicService, status: Int)
    /// A body that is not the documented format.
    case malformedResponse(MusicService, detail: String)
    /// The service could not be reached.
    case unreachable(MusicService, detail: String)
    /// The client is not set up for this (no key, no client id).
    case notConfigured(MusicService, detail: String)
    /// The service refused a user's login (a code exchange or a saved refresh token): the user
    /// has to log in again.
    case loginRefused(MusicService, detail: String)
    /// An error object in the body (Deezer) that is none of the above.
    case serviceError(MusicService, code: Int, type: String)
    /// The service's allowance for the day is spent (YouTube's `quotaExceeded`): lookups resume
    /// after this many seconds, when its quota day ends.
    case quotaSpent(MusicService, retryAfterSeconds: Double)

    public var service: MusicService {
        switch self {
        case .unauthorized(let s), .forbidden(let s), .rateLimited(let s, _), .notFound(let s), .unexpectedStatus(let s, _),
            .malformedResponse(let s, _), .unreachable(let s, _), .notConfigured(let s, _), .loginRefused(let s, _), .serviceError(let s, _, _),
            .quotaSpent(let s, _):
            s
        }
    }

    public var description: String {
        switch self {
        case .unauthorized(let s): "\(s): not authorised (token missing, expired or wrong)"
        case .forbidden(let s): "\(s): forbidden"
        case .rateLimited(let s, let after): "\(s): rate limited" + (after.map { ", retry after \(Int($0.rounded(.up))) s" } ?? "")
        case .notFound(let s): "\(s): not found"
        case .unexpectedStatus(let s, let status): "\(s): unexpected HTTP status \(status)"
        case .malformedResponse(let s, let detail): "\(s): unreadable response (\(detail))"
        case .unreachable(let s, let detail): "\(s): cannot be reached (\(detail))"
        case .notConfigured(let s, let detail): "\(s): not configured: \(detail)"
        case .loginRefused(let s, let detail): "\(s): login refused: \(detail)"
        case .serviceError(let s, let code, let type): "\(s): error \(code) \(type)"
        case .quotaSpent(let s, let after):
            "\(s): the day's lookup quota is spent; lookups resume in \(Self.hoursAndMinutes(after)) (midnight Pacific time)"
        }
    }

    /// "3 h 20 min", "12 min".
    static func hoursAndMinutes(_ seconds: Double) -> String {
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }
}
