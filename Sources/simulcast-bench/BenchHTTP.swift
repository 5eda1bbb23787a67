import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The few REST calls the load benchmark makes.
enum BenchHTTP {
    static func get(port: Int, path: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: 1 << 22)
        guard response.status == .ok else { throw BenchError("GET \(path): HTTP \(response.status.code)") }
        return String(buffer: body)
    }

    /// Creates a room; returns (code, host token).
    static func createRoom(port: Int) async throws -> (code: String, token: String) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/rooms")
        request.method = .POST
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        struct Created: Decodable { var code: String; var hostToken: String }
        guard response.status == .created else { throw BenchError("creating a room: HTTP \(response.status.code)") }
        let created = try JSONDecoder().decode(Created.self, from: Data(body.readableBytesView))
        return (created.code, created.hostToken)
    }
}
