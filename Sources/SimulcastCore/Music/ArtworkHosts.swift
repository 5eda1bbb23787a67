import Foundation

/// Where artwork may come from: the music services' own image hosts, over https. A host's
/// player can claim any artwork address, and every listener's page would fetch it (telling a
/// stranger's server who listens, and when); anything else is dropped before it is stored.
public enum ArtworkHosts {
    /// Apple's (mzstatic), Spotify's (scdn, spotifycdn) and Deezer's (dzcdn) image hosts.
    static let suffixes = [".mzstatic.com", ".scdn.co", ".spotifycdn.com", ".dzcdn.net"]

    /// As a Content-Security-Policy lists them.
    public static let sources = suffixes.map { "https://*" + $0 }

    public static func allows(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), components.scheme == "https", let host = components.host?.lowercased(),
            components.user == nil, components.password == nil, components.port == nil || components.port == 443
        else { return false }
        return suffixes.contains { host.hasSuffix($0) && host.count > $0.count }
    }
}
