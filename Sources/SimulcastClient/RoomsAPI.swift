import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The server's REST API, for the CLI and the demo.
public struct RoomsAPI: Sendable {
    public struct Created: Codable, Sendable {
        public var code: String
        public var hostToken: String
    }

    public let baseURL: String
    let http: HTTPClient

    public init(baseURL: String, http: HTTPClient = .shared) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.http = http
    }

    public func createRoom() async throws -> Created {
        var request = HTTPClientRequest(url: "\(baseURL)/v1/rooms")
        request.method = .POST
        let response = try await http.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .created else {
            throw APIClientError(message: "creating a room failed: HTTP \(response.status.code) \(String(buffer: body).prefix(200))")
        }
        return try JSONDecoder().decode(Created.self, from: Data(body.readableBytesView))
    }
}

public struct APIClientError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
