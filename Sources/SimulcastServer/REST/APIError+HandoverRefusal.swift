import HTTPTypes
import Rooms
import SimulcastCore

extension APIError {
    /// An offer of the room that was not made, as the REST API answers it.
    init(_ refusal: HandoverRefusal) {
        switch refusal {
        case .notInRoom:
            self.init(.notFound, code: .listenerNotFound, message: "no listener with that id is in the room; offer it to someone in the room's presence")
        case .notOnAppleMusic(let name):
            self.init(.badRequest, code: .invalidTarget, message: "\(name) listens on another service; the room is handed to a listener on Apple Music")
        case .notSaved:
            self = RESTController.requestsNotSaved
        }
    }
}
