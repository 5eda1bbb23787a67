import Hummingbird
import Rooms
import SimulcastCore

extension CreatedRoom: ResponseEncodable {}
extension RoomSummary: ResponseEncodable {}
extension MatchResult: ResponseEncodable {}
