import SimulcastCore

/// What a room's link says about it before anyone opens it, and the listener page's headline:
/// who hosts, what plays now, a picture. Link previews in chat apps read the Open Graph and
/// Twitter tags of the served HTML; the page itself then follows the room live. Pure.
struct RoomPreview: Equatable {
    let code: String
    let state: RoomState
    /// The room's absolute link, when this server may give one; an image in a preview needs it.
    let link: String?

    var headline: String { state.hostName.map { "Listen along with \($0)" } ?? "Listen along" }

    var title: String { headline + " on Simulcast" }

    var description: String {
        let host = state.hostName ?? "the host"
        guard let track = state.track?.source, state.playing else {
            return "Hear what \(host) plays, at the same moment, on your own music service."
        }
        return "Now playing: \(track.title) by \(track.artists.joined(separator: ", ")). Hear it with \(host), on your own music service."
    }

    /// The song's artwork (its host's service, or a match's), else the room's generated card.
    var image: (url: String, isArtwork: Bool)? {
        if let track = state.track {
            let artwork = ([track.source] + track.matches.compactMap(\.result.track)).lazy.compactMap(\.artworkURL).first { $0.hasPrefix("https://") }
            if let artwork { return (artwork, true) }
        }
        return link.map { ($0 + "/card.png", false) }
    }

    /// The code in two groups of five, as people read it out ("DUQSY HFXCT"); an older
    /// six-character code in two threes.
    static func grouped(_ code: String) -> String {
        guard !code.isEmpty else { return "" }
        let half = code.count / 2
        return String(code.prefix(half)) + " " + String(code.dropFirst(half))
    }

    /// The tags for the page's `<head>`: the preview, the icons and the manifest.
    var headTags: String {
        var tags: [(String, String, String)] = [
            ("property", "og:type", "website"),
            ("property", "og:site_name", "Simulcast"),
            ("property", "og:title", title),
            ("property", "og:description", description),
            ("name", "description", description),
            ("name", "twitter:title", title),
            ("name", "twitter:description", description),
        ]
        if let link { tags.append(("property", "og:url", link)) }
        if let image {
            tags.append(("property", "og:image", image.url))
            tags.append(("property", "og:image:alt", image.isArtwork ? "Artwork of the song playing now" : "The Simulcast mark: two overlapping discs"))
            tags.append(("name", "twitter:image", image.url))
            tags.append(("name", "twitter:card", image.isArtwork ? "summary" : "summary_large_image"))
            if !image.isArtwork {
                tags.append(("property", "og:image:width", "\(Self.cardSize.width)"))
                tags.append(("property", "og:image:height", "\(Self.cardSize.height)"))
            }
        }
        return tags.map { "<meta \($0.0)=\"\($0.1)\" content=\"\(MarkupText.escaped($0.2))\">" }.joined(separator: "\n") + "\n" + Self.iconTags
    }

    /// The size previews are drawn at (Open Graph's recommended 1.91:1).
    static let cardSize = (width: 1200, height: 630)

    static let iconTags = """
        <link rel="icon" href="/web/icon.svg" type="image/svg+xml">
        <link rel="icon" href="/web/icon-192.png" type="image/png" sizes="192x192">
        <link rel="apple-touch-icon" href="/web/apple-touch-icon.png">
        <link rel="manifest" href="/manifest.webmanifest">
        """
}
