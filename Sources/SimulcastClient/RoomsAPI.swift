import Foundation
import ServiceHTTP
import SimulcastCore

/// The server's REST API, for the CLI and the demo.
public struct RoomsAPI: Sendable {
    public let baseURL: String
    let transport: any HTTPTransport

    public init(baseURL: String, transport: some HTTPTransport) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.transport = transport
    }

    /// A new room; `hostName` is who listeners are told they listen along with.
    public func createRoom(hostName: String? = nil) async throws -> CreatedRoom {
        var request = TransportRequest(method: "POST", url: "\(baseURL)/v1/rooms")
        if let hostName {
            request.headers.append(("Content-Type", "application/json"))
            request.body = try JSONEncoder().encode(["hostName": hostName])
        }
        return try await send(request, expecting: 201, within: .seconds(10), what: "creating a room failed")
    }

    /// Tells the server which track is right. With the room's host token as `token` it applies
    /// to the room at once and counts toward promotion when hosts of several rooms agree;
    /// `global` (with the server's admin token) makes it every room's. Without a token it is a
    /// suggestion the room keeps for its host.
    public func correct(_ correction: MatchCorrection, token: String? = nil, global: Bool = false) async throws -> CorrectionOutcome {
        struct Body: Encodable {
            var correction: MatchCorrection
            var global: Bool
            func encode(to encoder: any Encoder) throws {
                try correction.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                if global { try container.encode(true, forKey: .global) }
            }
            enum Keys: String, CodingKey { case global }
        }
        var request = TransportRequest(method: "POST", url: "\(baseURL)/v1/matches/corrections", headers: [("Content-Type", "application/json")])
        if let token { request.headers.append(("Authorization", "Bearer \(token)")) }
        request.body = try JSONEncoder().encode(Body(correction: correction, global: global))
        let response = try await transport.send(request, within: .seconds(30))
        switch response.status {
        case 201: return .applied(try JSONDecoder().decode(AppliedCorrection.self, from: response.body))
        case 202: return .suggested(try JSONDecoder().decode(MatchSuggestion.self, from: response.body))
        default: throw APIClientError(message: "the correction was refused: HTTP \(response.status) \(Self.excerpt(response))")
        }
    }

    /// The room's corrections (or every one, with the admin token and no room).
    public func corrections(room: String?, token: String? = nil) async throws -> [AppliedCorrection] {
        var request = TransportRequest(url: "\(baseURL)/v1/matches/corrections" + (room.map { "?room=\($0)" } ?? ""))
        if let token { request.headers.append(("Authorization", "Bearer \(token)")) }
        return try await send(request, expecting: 200, within: .seconds(30), what: "listing corrections failed")
    }

    /// Revokes a correction: with its room's host token, or the admin token.
    public func revokeCorrection(id: Int, token: String) async throws {
        let request = TransportRequest(method: "DELETE", url: "\(baseURL)/v1/matches/corrections/\(id)", headers: [("Authorization", "Bearer \(token)")])
        let response = try await transport.send(request, within: .seconds(10))
        guard response.status == 204 else {
            throw APIClientError(message: "revoking correction \(id) failed: HTTP \(response.status) \(Self.excerpt(response))")
        }
    }

    private func send<T: Decodable>(_ request: TransportRequest, expecting status: Int, within limit: Duration, what: String) async throws -> T {
        let response = try await transport.send(request, within: limit)
        guard response.status == status else {
            throw APIClientError(message: "\(what): HTTP \(response.status) \(Self.excerpt(response))")
        }
        return try JSONDecoder().decode(T.self, from: response.body)
    }

    /// The room's state and listeners; nil for a room the server does not know.
    public func room(code: String) async throws -> RoomSummary? {
        let response = try await transport.send(TransportRequest(url: "\(baseURL)/v1/rooms/\(code)"), within: .seconds(10))
        if response.status == 404 {
            // Only the server's own answer means "no such room"; another program's 404 (a wrong
            // address, a proxy with no route) is not a Simulcast server.
            guard Self.errorCode(in: response.body) == APIErrorCode.roomNotFound.rawValue else {
                throw APIClientError(message: "reading room \(code) failed: HTTP 404 from something that is not a Simulcast server")
            }
            return nil
        }
        guard response.status == 200 else {
            throw APIClientError(message: "reading room \(code) failed: HTTP \(response.status)")
        }
        return try JSONDecoder().decode(RoomSummary.self, from: response.body)
    }

    /// The start of an answer's body, for an error message.
    static func excerpt(_ response: TransportResponse) -> String { String(decoding: response.body.prefix(300), as: UTF8.self) }

    /// The `error.code` of a Simulcast server's error body, if the body is one.
    static func errorCode(in body: Data) -> String? {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}
