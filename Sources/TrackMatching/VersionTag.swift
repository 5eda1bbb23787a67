/// What a bracketed or dashed part of a title says about the recording.
public struct VersionTag: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        // Neutral: the same recording, differently labelled.
        case remaster, edition, albumVersion, channels, explicitness, soundtrack, original, credit, unknown
        // Identity-changing: another recording or another edit.
        case live, demo, remix, acoustic, instrumental, karaoke, acapella, extended, radioEdit, rerecording, cover, speed, otherVersion
    }

    public var kind: Kind
    /// Who or what, where the tag says (remixer, venue), as a comparison key.
    public var detail: String?
    /// The tag as written.
    public var text: String

    public var changesIdentity: Bool {
        switch kind {
        case .remaster, .edition, .albumVersion, .channels, .explicitness, .soundtrack, .original, .credit, .unknown: false
        default: true
        }
    }

    /// Another voice than the song's (none, or only the voice): the same length on the same
    /// album proves nothing, since an album's instrumentals run as long as its songs.
    public var changesVoice: Bool { kind == .instrumental || kind == .karaoke || kind == .acapella }

    public var description: String { detail.map { "\(kind.rawValue)(\($0))" } ?? kind.rawValue }
}
