import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastCore

/// The server's REST API, for the CLI and the demo.
public struct RoomsAPI: Sendable {
    public let baseURL: String
    let http: HTTPClient

    public init(baseURL: String, http: HTTPClient) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.http = http
    }

    /// A new room; `hostName` is who listeners are told they listen along with.
    public func createRoom(hostName: String? = nil) async throws -> CreatedRoom {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/rooms")
        request.method = .POST
        if let hostName {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(["hostName": hostName])))
        }
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .created else {
            throw APIClientError(message: "creating a room failed: HTTP \(response.status.code) \(String(buffer: body).prefix(200))")
        }
        return try JSONDecoder().decode(CreatedRoom.self, from: Data(body.readableBytesView))
    }

    /// Tells the server which track is right. It applies to the room at once; `global` (with
    /// the server's admin token as `token`) makes it every room's. A host token as `token`
    /// counts toward promotion when hosts of several rooms agree.
    public func correct(_ correction: MatchCorrection, token: String? = nil, global: Bool = false) async throws -> AppliedCorrection {
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
        var request = HTTPClientRequest(url: "\(baseURL)/v1/matches/corrections")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(Body(correction: correction, global: global))))
        return try await send(request, expecting: .created, what: "the correction was refused")
    }

    /// The room's corrections (or every one, with the admin token and no room).
    public func corrections(room: String?, token: String? = nil) async throws -> [AppliedCorrection] {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/matches/corrections" + (room.map { "?room=\($0)" } ?? ""))
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return try await send(request, expecting: .ok, what: "listing corrections failed")
    }

    /// Revokes a correction: with its room's host token, or the admin token.
    public func revokeCorrection(id: Int, token: String) async throws {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/matches/corrections/\(id)")
        request.method = .DELETE
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .noContent else {
            throw APIClientError(message: "revoking correction \(id) failed: HTTP \(response.status.code) \(String(buffer: body).prefix(300))")
        }
    }

    private func send<T: Decodable>(_ request: HTTPClientRequest, expecting status: HTTPResponseStatus, what: String) async throws -> T {
        let response = try await http.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 4 << 20)
        guard response.status == status else {
            throw APIClientError(message: "\(what): HTTP \(response.status.code) \(String(buffer: body).prefix(300))")
        }
        return try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The room's state and listeners; nil for a room the server does not know.
    public func room(code: String) async throws -> RoomSummary? {
        let response = try await http.execute(HTTPClientRequest(url: "\(baseURL)/v1/rooms/\(code)"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        if response.status == .notFound {
            // Only the server's own answer means "no such room"; another program's 404 (a wrong
            // address, a proxy with no route) is not a Simulcast server.
            guard Self.errorCode(in: body) == APIErrorCode.roomNotFound.rawValue else {
                throw APIClientError(message: "reading room \(code) failed: HTTP 404 from something that is not a Simulcast server")
            }
            return nil
        }
        guard response.status == .ok else {
            throw APIClientError(message: "reading room \(code) failed: HTTP \(response.status.code)")
        }
        return try JSONDecoder().decode(RoomSummary.self, from: Data(body.readableBytesView))
    }

    /// The `error.code` of a Simulcast server's error body, if the body is one.
    static func errorCode(in body: ByteBuffer) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}
