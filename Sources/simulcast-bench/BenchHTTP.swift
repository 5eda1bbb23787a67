import Foundation
import ServiceHTTP

/// The few REST calls the load benchmark makes.
enum BenchHTTP {
    static func get(port: Int, path: String, within limit: Duration = .seconds(5)) async throws -> String {
        let response = try await NIOHTTPTransport.live.send(TransportRequest(url: "http://127.0.0.1:\(port)\(path)"), within: limit)
        guard response.status == 200 else { throw BenchError("GET \(path): HTTP \(response.status)") }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Creates a room; returns (code, host token).
    static func createRoom(port: Int, within limit: Duration = .seconds(10)) async throws -> (code: String, token: String) {
        let response = try await NIOHTTPTransport.live.send(TransportRequest(method: "POST", url: "http://127.0.0.1:\(port)/v1/rooms"), within: limit)
        struct Created: Decodable { var code: String; var hostToken: String }
        guard response.status == 201 else { throw BenchError("creating a room: HTTP \(response.status)") }
        let created = try JSONDecoder().decode(Created.self, from: response.body)
        return (created.code, created.hostToken)
    }
}
