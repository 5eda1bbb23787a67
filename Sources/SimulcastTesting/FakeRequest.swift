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

    /// A header by its name, in any case.
    static func header(_ request: Request, named name: String) -> String? {
        request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
    }

    static func body(_ request: Request) async throws -> String {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 20)
        return String(buffer: buffer)
    }
}
