import Foundation

/// The REST API's document (openapi.yaml, from which the routes are generated), as served at `/openapi.yaml`.
enum OpenAPIDocument {
    static func load() -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"), let text = try? String(contentsOf: url, encoding: .utf8) else {
            return ""
        }
        return text
    }
}
