import Foundation
import SimulcastCore

/// Builds the URLs of the services' APIs, shared by the catalog clients and the login.
public enum ServiceURL {
    /// base + path + percent-encoded query, or an error naming the bad base URL.
    public static func make(_ base: String, path: String, query: [(String, String)] = []) throws -> String {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard var components = URLComponents(string: trimmed + path), components.scheme != nil else {
            throw CatalogServiceError.notConfigured(MusicService(rawValue: "catalog"), detail: "\"\(base)\" is not a base URL")
        }
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `+` is a space to these APIs unless escaped.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.string else { throw CatalogServiceError.notConfigured(MusicService(rawValue: "catalog"), detail: "cannot build a URL") }
        return url
    }

    /// A path with its percent-encoded query, to be put behind a base URL later.
    public static func pathAndQuery(_ path: String, query: [(String, String)]) -> String {
        var components = URLComponents()
        components.path = path
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        let encodedQuery = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return components.percentEncodedPath + (encodedQuery.isEmpty ? "" : "?" + encodedQuery)
    }
}
