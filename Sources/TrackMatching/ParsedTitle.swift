/// A title taken apart: the song's own name, its version tags, the featured artists it names.
public struct ParsedTitle: Hashable, Sendable {
    public var original: String
    public var base: String
    public var baseKey: String
    public var tags: [VersionTag]
    public var featured: [String]
    /// Numbers that tell songs apart ("II", "Pt. 2", "2.0"), as keys.
    public var numbers: Set<String>
    /// A starred-out word (B*tch): the clean edit.
    public var censored: Bool

    public var identityTags: [VersionTag] { tags.filter(\.changesIdentity) }
}
