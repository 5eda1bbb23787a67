import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastCore

/// The server's REST API, for the CLI and the demo.
public struct RoomsAPI: Sendable {
    public let baseURL: String
    let http: HTTPClient

    public init(baseURL: String, http: HTTPClient = .shared) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.http = http
    }

    public func createRoom() async throws -> CreatedRoom {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/rooms")
        request.method = .POST
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .created else {
            throw APIClientError(message: "creating a room failed: HTTP \(response.status.code) \(String(buffer: body).prefix(200))")
        }
        return try JSONDecoder().decode(CreatedRoom.self, from: Data(body.readableBytesView))
    }

    /// Tells the server which track is right; the answer is the match now in force.
    public func correct(_ correction: MatchCorrection) async throws -> MatchResult {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/matches/corrections")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(correction)))
        let response = try await http.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else {
            throw APIClientError(message: "the correction was refused: HTTP \(response.status.code) \(String(buffer: body).prefix(300))")
        }
        return try JSONDecoder().decode(MatchResult.self, from: Data(body.readableBytesView))
    }

    /// The room's state and listeners; nil for a room the server does not know.
    public func room(code: String) async throws -> RoomSummary? {
        let response = try await http.execute(HTTPClientRequest(url: "\(baseURL)/v1/rooms/\(code)"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        if response.status == .notFound { return nil }
        guard response.status == .ok else {
            throw APIClientError(message: "reading room \(code) failed: HTTP \(response.status.code)")
        }
        return try JSONDecoder().decode(RoomSummary.self, from: Data(body.readableBytesView))
    }
}

public struct APIClientError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
