/// Failures of catalogs; descriptions are safe to show and log (no tokens, no bodies).
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case unreadableFile
        case invalidRecord
        case rateLimited
        case unavailable
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
