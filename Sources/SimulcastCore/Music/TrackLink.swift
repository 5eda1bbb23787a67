/// A track's public web page on its service, which opens the service's app where it is
/// installed: what history shows each listener. Local files have none.
public enum TrackLink {
    public static func url(for track: TrackMetadata, storefront: String) -> String? {
        guard let id = track.id.addingPercentEncodingForPath, !track.id.isEmpty else { return nil }
        switch track.service {
        case .spotify: return "https://open.spotify.com/track/\(id)"
        case .appleMusic: return "https://music.apple.com/\(Storefront.normalise(storefront) ?? "us")/song/\(id)"
        case .deezer: return "https://www.deezer.com/track/\(id)"
        default: return nil
        }
    }
}

extension String {
    /// Only letters, digits, `-`, `_` and `.` pass: a catalog id is one of those, and anything
    /// else must not reach a link.
    fileprivate var addingPercentEncodingForPath: String? {
        allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) } ? self : nil
    }
}
