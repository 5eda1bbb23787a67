/// The picker's rules that can be switched off one at a time, each with the hard-case
/// categories it was written for: the leave-one-category-out check (`match-eval
/// --leave-one-category-out`) turns off the rules written only for a category and asks
/// whether the others still decide its cases right.
public enum PickerRule: String, CaseIterable, Sendable {
    /// Identity-changing version tags must agree.
    case versionGate
    /// "Hayloft" is not "Hayloft II".
    case numberGate
    /// A title under 0.85 similar is another song.
    case titleGate
    /// Another credited artist is another recording.
    case artistGate
    /// Titles in other scripts are not compared (and need the artist).
    case crossScriptTitle
    /// "F**k Love" matches "Fuck Love".
    case censoredTitle
    /// Clean and explicit releases score apart.
    case explicitness
    /// "Hodak/Miroff - zapach zimy" drops the artists' prefix.
    case artistPrefix
    /// Releases of one recording are one answer; the source's album wins among them.
    case albumTwins
    /// Lengths further apart than the gates are other edits.
    case durationGate
    /// An artist that cannot be compared needs the ISRC or the same album and length.
    case unknownArtistProof
    /// "Karaoke", "tribute to", "in the style of" in a title, album or credit.
    case coverMarkers
    /// Featured artists name versions.
    case creditVersions

    /// The `hard-dev` categories (and our own cases' categories) each rule was written for.
    public var writtenFor: Set<String> {
        switch self {
        case .versionGate: ["version-tag", "remix"]
        case .numberGate: ["numbers"]
        case .titleGate: ["same-artist-other-song", "absent"]
        case .artistGate: ["same-title-other-artist", "absent"]
        case .crossScriptTitle: ["romanization"]
        case .censoredTitle, .explicitness: ["explicit-clean"]
        case .artistPrefix, .durationGate: ["spotdl"]
        case .albumTwins: ["album-twin"]
        case .unknownArtistProof, .coverMarkers: ["karaoke-cover"]
        case .creditVersions: ["feat"]
        }
    }

    /// The rules written for `category` and for no other.
    public static func writtenOnly(for category: String) -> Set<PickerRule> {
        Set(allCases.filter { $0.writtenFor == [category] })
    }
}
