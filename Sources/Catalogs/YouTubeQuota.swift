import Foundation
import ServiceHTTP
import SimulcastCore

/// The Data API project's daily quota as this node has seen it: once YouTube answers
/// `quotaExceeded`, no lookup is sent until the quota day ends (midnight Pacific time), so a
/// spent quota is one refused call, never a storm of them; lookups say when they resume.
public actor YouTubeQuota {
    private var resumesAt: LocalTime?
    private let clock: any LocalClock

    public init(clock: any LocalClock) { self.clock = clock }

    /// Throws `quotaSpent` while the day's quota is spent.
    func check() throws {
        guard let resumesAt else { return }
        let now = clock.now()
        guard now < resumesAt else {
            self.resumesAt = nil
            return
        }
        throw CatalogServiceError.quotaSpent(.youtube, retryAfterSeconds: Double(now.distance(to: resumesAt)) / 1_000_000)
    }

    /// YouTube said the quota is spent: hold lookups until the quota day ends.
    func spent() -> CatalogServiceError {
        let now = clock.now()
        let resumes = Self.nextReset(after: now)
        resumesAt = resumes
        return .quotaSpent(.youtube, retryAfterSeconds: Double(now.distance(to: resumes)) / 1_000_000)
    }

    /// The next midnight in America/Los_Angeles after `time` (daylight saving included),
    /// when YouTube's quota day starts again.
    static func nextReset(after time: LocalTime) -> LocalTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(secondsFromGMT: -8 * 3_600)!
        let date = Date(timeIntervalSince1970: Double(time.micros) / 1_000_000)
        let midnight =
            calendar.nextDate(after: date, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime)
            ?? date.addingTimeInterval(86_400)
        return LocalTime(micros: Int64(midnight.timeIntervalSince1970 * 1_000_000))
    }
}
