/// One line of `fingerprint --outcomes FILE`: a query and what recognition made of it (a
/// missing `matched` or `offsetError`: no track, or the wrong one).
struct OutcomeLine: Encodable {
    var id: Int
    var condition: String
    var length: Double
    var positive: Bool
    var source: String
    var start: Double
    var matched: String?
    var offset: Double
    var skew: Double
    var votes: Int
    var offsetError: Double?
    var ratio: Double
    var milliseconds: Double

    init(_ outcome: FingerprintBenchmark.Outcome) {
        id = outcome.query.id
        condition = outcome.query.condition.rawValue
        length = outcome.query.length
        positive = outcome.query.group != nil
        source = outcome.query.source
        start = outcome.query.start
        matched = outcome.matchedPath
        offset = outcome.offset
        skew = outcome.skew
        votes = outcome.votes
        offsetError = outcome.offsetError
        ratio = outcome.ratio
        milliseconds = outcome.milliseconds
    }
}
