import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// Handing the host role over: the host offers the room to a listener by name, or withdraws
/// the offer (host token). The listener takes it on their WebSocket (`handover.answer`).
extension RESTController {
    func offerHandover(_ input: Operations.OfferHandover.Input) async throws -> Operations.OfferHandover.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedHandover }
        let name: String
        switch DisplayName.normalise(body.to) {
        case .success(let chosen?): name = chosen
        case .success(nil): throw RESTErrorMiddleware.malformedHandover
        case .failure(let problem): throw APIError(.badRequest, code: .invalidName, message: "the listener's \(problem)")
        }
        let room = try await hostsRoom(input.path.code)
        guard let offer = await room.offerHandover(to: name) else { throw Self.requestsNotSaved }
        return .accepted(.init(body: .json(.init(to: offer.to, expiresAt: offer.expiresAt.micros))))
    }

    func withdrawHandover(_ input: Operations.WithdrawHandover.Input) async throws -> Operations.WithdrawHandover.Output {
        let room = try await hostsRoom(input.path.code)
        guard await room.withdrawHandover() else { throw Self.requestsNotSaved }
        return .noContent(.init())
    }
}
