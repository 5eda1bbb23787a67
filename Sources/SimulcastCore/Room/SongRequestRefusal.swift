/// Why a request, a +1 or a host's answer changed nothing; renders itself as the wire's error.
public enum SongRequestRefusal: Error, Hashable, Sendable {
    case requestsOff
    case nothingPlaying
    case tooManyOpen(perListener: Int)
    case roomFull(perRoom: Int)
    /// The room's list would weigh more than `SongRequestRules.budgetBytes`.
    case listFull
    case unknownRequest
    case alreadyAnswered(SongRequest.Status)
    case notOnHostService
    case notFound(service: MusicService)
    case rateLimited(perMinute: Int)
    case lookupFailed

    public var wireError: Wire.Error {
        switch self {
        case .requestsOff: Wire.Error(code: .forbidden, message: "the host does not take song requests in this room")
        case .nothingPlaying: Wire.Error(code: .invalidState, message: "requests open once the host plays a song")
        case .tooManyOpen(let limit): Wire.Error(code: .rateLimited, message: "at most \(limit) of your requests may wait at once")
        case .roomFull(let limit):
            Wire.Error(code: .rateLimited, message: "this room holds at most \(limit) requests waiting; try again when the host has answered some")
        case .listFull:
            Wire.Error(code: .rateLimited, message: "this room's list of requests is full; try again when the host has answered some")
        case .unknownRequest: Wire.Error(code: .invalidState, message: "no such request in this room (it may have finished)")
        case .alreadyAnswered(let status): Wire.Error(code: .invalidState, message: "that request is already \(status.rawValue)")
        case .notOnHostService: Wire.Error(code: .invalidState, message: "that song is not on the host's service; it cannot be queued")
        case .notFound(let service): Wire.Error(code: .invalidState, message: "no such song on \(service.displayName) in your country")
        case .rateLimited(let perMinute):
            Wire.Error(code: .rateLimited, message: "at most \(perMinute) requests a minute from one listener; this one was dropped")
        case .lookupFailed: Wire.Error(code: .internalError, message: "the song could not be looked up just now; try again")
        }
    }
}
