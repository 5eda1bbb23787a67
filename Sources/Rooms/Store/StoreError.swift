/// Storage failures, described without the data involved.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable { case duplicateRoom, cannotOpen, corruptRecord, unavailable, failed }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
