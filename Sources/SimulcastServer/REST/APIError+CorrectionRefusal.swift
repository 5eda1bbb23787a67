import HTTPTypes
import Rooms
import SimulcastCore

extension APIError {
    /// The status and `error.code` a refused correction answers with.
    init(_ refusal: CorrectionRefusal) {
        switch refusal.reason {
        case .roomNotFound: self.init(.notFound, code: .roomNotFound, message: refusal.message)
        case .trackNotInRoom: self.init(.unprocessableContent, code: .trackNotInRoom, message: refusal.message)
        case .invalidStorefront: self.init(.unprocessableContent, code: .invalidStorefront, message: refusal.message)
        case .noCatalog: self.init(.unprocessableContent, code: .noCatalog, message: refusal.message)
        case .invalidTarget: self.init(.unprocessableContent, code: .invalidTarget, message: refusal.message)
        case .catalogUnavailable: self.init(.badGateway, code: .catalogUnavailable, message: refusal.message)
        case .targetNotFound: self.init(.unprocessableContent, code: .targetNotFound, message: refusal.message)
        case .suggestionsFull: self.init(.tooManyRequests, code: .rateLimited, message: refusal.message)
        }
    }
}
