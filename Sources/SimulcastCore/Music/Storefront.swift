/// A listener's account country: catalogs differ per country, so matches are made per storefront.
public enum Storefront {
    /// Local-file listeners match on their own machine; their storefront is "local".
    public static let local = "local"

    /// Lower-cased two-letter country code, or nil when `text` is not one.
    public static func normalise(_ text: String) -> String? {
        let code = text.lowercased()
        guard code.utf8.count == 2, code.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return nil }
        return code
    }

    /// As `normalise`, but a local-files listener may also say "local".
    public static func normalise(_ text: String, for service: MusicService?) -> String? {
        if service == .localFiles, text.lowercased() == local { return local }
        return normalise(text)
    }
}
