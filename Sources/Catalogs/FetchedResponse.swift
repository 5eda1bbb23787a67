import SimulcastCore

/// A catalog's answer as fetched, to be kept in the response cache until `expiresAt`.
public struct FetchedResponse: Sendable {
    public var body: [UInt8]
    public var expiresAt: LocalTime

    public init(body: [UInt8], expiresAt: LocalTime) {
        self.body = body
        self.expiresAt = expiresAt
    }
}
