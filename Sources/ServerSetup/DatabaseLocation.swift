import Foundation

/// A database setting as it may be shown: a file path, or a URL without its password.
enum DatabaseLocation {
    static func describe(_ location: String) -> String {
        guard var components = URLComponents(string: location), components.scheme?.hasPrefix("postgres") == true else { return location }
        components.password = nil
        return components.string ?? "the PostgreSQL database"
    }
}
