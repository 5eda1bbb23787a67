import Foundation
import Hummingbird

enum FakeRequest {
    static func query(_ request: Request) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            fields[String(name).removingPercentEncoding ?? String(name)] = String(value).removingPercentEncoding ?? String(value)
        }
        return fields
    }

    static func authorization(_ request: Request) -> String? {
        request.headers[.authorization]
    }

    static func body(_ request: Request) async throws -> String {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 20)
        return String(buffer: buffer)
    }
}
