import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// Handing the host role over: the host offers the room to a listener's connection (its id in
/// presence), or withdraws the offer (host token). That connection alone answers it on its
/// WebSocket (`handover.answer`).
extension RESTController {
    func offerHandover(_ input: Operations.OfferHandover.Input) async throws -> Operations.OfferHandover.Output {
        guard case .json(let body) = input.body else { throw RESTErrorMiddleware.malformedHandover }
        guard ListenerId.isWellFormed(body.listener) else { throw RESTErrorMiddleware.malformedHandover }
        let room = try await hostsRoom(input.path.code)
        switch await room.offerHandover(to: body.listener) {
        case .success(let offer): return .accepted(.init(body: .json(.init(listener: offer.listener, to: offer.to, expiresAt: offer.expiresAt.micros))))
        case .failure(let refusal): throw APIError(refusal)
        }
    }

    func withdrawHandover(_ input: Operations.WithdrawHandover.Input) async throws -> Operations.WithdrawHandover.Output {
        let room = try await hostsRoom(input.path.code)
        guard await room.withdrawHandover() else { throw Self.requestsNotSaved }
        return .noContent(.init())
    }
}
