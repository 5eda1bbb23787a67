/// A track's words as the room shows them: without control characters or invisible
/// formatting ones (bidi overrides and isolates, zero-width spaces), which could make a title
/// read backwards or hide what it says. The zero-width joiner stays: emoji are built with it.
/// Display names follow the same rule (`DisplayName`), but refuse rather than strip.
extension TrackMetadata {
    public var withShownText: TrackMetadata {
        var shown = self
        shown.title = Self.shown(title)
        shown.artists = artists.map(Self.shown)
        shown.album = album.map(Self.shown)
        return shown
    }

    /// `text` without the scalars a reader cannot see but a renderer obeys.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isHidden($0) })
        return String(kept)
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar.value != 0x200D
        default: false
        }
    }
}
