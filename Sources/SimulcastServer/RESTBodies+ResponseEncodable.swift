import Hummingbird
import SimulcastCore

extension CreatedRoom: ResponseEncodable {}
extension RoomSummary: ResponseEncodable {}
extension MatchResult: ResponseEncodable {}
