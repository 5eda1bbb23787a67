import HTTPTypes
import Rooms
import SimulcastCore

extension APIError {
    /// A refused hosting or follow login, as the REST API answers it (its text has no code or token).
    init(_ refusal: HostingRefusal) {
        switch refusal {
        case .notOffered: self.init(.serviceUnavailable, code: .hostingNotOffered, message: refusal.description)
        case .loginRefused: self.init(.badRequest, code: .loginRefused, message: refusal.description)
        case .serviceUnavailable: self.init(.badGateway, code: .spotifyUnavailable, message: refusal.description)
        }
    }
}
