/// Words that say a recording is someone else's performance of a song: in a title, an album
/// or an artist credit ("Jeff Buckley Tribute Band"), they change identity like a version tag.
enum CoverMarkers {
    static let phrases = [
        "originally performed by", "in the style of", "made famous by", "as made famous", "tribute to", "as performed by", "karaoke",
    ]
    static let words: Set<String> = ["cover", "covers", "covered", "tribute", "karaoke", "coverversion"]

    /// True when a comparison key (`TextNormalizer.key`) names a cover.
    static func marks(_ key: String) -> Bool {
        if phrases.contains(where: { key.contains($0) }) { return true }
        return !words.isDisjoint(with: TextNormalizer.tokens(key))
    }
}
