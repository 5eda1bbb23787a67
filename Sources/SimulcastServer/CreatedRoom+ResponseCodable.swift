import Hummingbird

extension CreatedRoom: ResponseEncodable {}
extension RoomSummary: ResponseEncodable {}
