import Foundation
import SimulcastCore

/// What a YouTube video says about the song in it. The Data API gives a video's title and its
/// channel, not a song's title and artists: "Artist - Title (Official Video)" on a label's
/// channel, the bare title on an "Artist - Topic" channel (YouTube's own copy of the studio
/// recording), "ArtistVEVO". Reading them gives the matcher a track it can compare like any
/// other; what changes the recording (live, cover, slowed, a one-hour loop, a reaction) is kept
/// as a version tag in brackets so the version gate sees it, and what only describes the video
/// ("Official Video", "Lyrics", "4K") is dropped, since the duration tells a music video's
/// long intro apart.
public enum YouTubeVideoReading {
    /// The song `video` (a `.youtube` track: the video's title, the channel as its one artist)
    /// carries, with the video's id, duration and service kept.
    public static func song(in video: TrackMetadata) -> TrackMetadata {
        var song = video
        let channel = video.artists.first.map(channelArtist)
        var title = clean(leadingTagsLast(video.title))
        var artists = channel.map { [$0] } ?? []
        if let (credit, rest) = quotedTitle(title) ?? dashedTitle(title, channelIsTopic: video.artists.first.map(isTopicChannel) ?? false) {
            title = rest
            artists = ArtistNames.split(credit)
        }
        song.title = markingTrailingVersions(title) + (isClip(video.title) ? " (short video)" : "")
        song.artists = artists
        return song
    }

    /// "[1 Hour] Artist - Song", "(Nightcore) Song": a tag written before the title is moved
    /// after it, where the dash does not take it for part of the credit and the title parser
    /// reads it as a version.
    static func leadingTagsLast(_ title: String) -> String {
        var text = title.trimmingCharacters(in: .whitespaces)
        var moved: [String] = []
        while let range = text.range(of: #"^[\(\[【][^\(\)\[\]【】]*[\)\]】]\s*"#, options: .regularExpression), range.upperBound < text.endIndex {
            moved.append(text[range].trimmingCharacters(in: .whitespaces))
            text = String(text[range.upperBound...])
        }
        guard !moved.isEmpty else { return title }
        // Before a bar: what follows one is cut off as the upload's description.
        if let bar = text.range(of: " | ") ?? text.range(of: " ｜ ") {
            return ([String(text[..<bar.lowerBound])] + moved).joined(separator: " ") + text[bar.lowerBound...]
        }
        return ([text] + moved).joined(separator: " ")
    }

    /// A short or a dance challenge: a few seconds of the song inside something else.
    static func isClip(_ title: String) -> Bool {
        title.range(of: #"#shorts?\b|(?<![\p{L}\p{N}])challenge(?![\p{L}])"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// What follows a bar names a performance ("| A COLORS SHOW", "| Live Session"): kept as
    /// a live version; anything else there only describes the upload.
    static func barTail(_ tail: String) -> String? {
        let words = Set(TextNormalizer.tokens(TextNormalizer.key(tail)))
        if TitleParser.classify(tail).map({ $0.kind == .live }) == true { return tail }
        return words.isDisjoint(with: performanceWords) ? nil : "live \(tail)"
    }

    static let performanceWords: Set<String> = ["show", "session", "sessions", "performance", "concert", "festival", "stage", "tour", "unplugged"]

    /// "Artist - Topic" channels hold the studio recordings YouTube makes from a label's
    /// delivery; their titles are the song's own.
    public static func isTopicChannel(_ channel: String) -> Bool { channel.hasSuffix(" - Topic") }

    /// The artist a channel's name gives: "Queen - Topic" is Queen, "TaylorSwiftVEVO" is
    /// TaylorSwift (names compare without spaces).
    static func channelArtist(_ channel: String) -> String {
        var name = channel.trimmingCharacters(in: .whitespaces)
        for suffix in [" - Topic", "VEVO", "Vevo", " Official", "Official"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name = String(name.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
        }
        return name
    }

    /// "Artist - Title": the part before the first dash credits the song (a label's channel
    /// uploads many artists). A Topic channel's title is the song's alone, dashes and all.
    static func dashedTitle(_ title: String, channelIsTopic: Bool) -> (credit: String, title: String)? {
        guard !channelIsTopic else { return nil }
        for separator in [" - ", " – ", " — ", " -- ", " ~ "] {
            guard let range = title.range(of: separator) else { continue }
            let credit = title[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let rest = title[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !credit.isEmpty, !rest.isEmpty else { return nil }
            return (credit, rest)
        }
        return nil
    }

    /// `BLACKPINK 'How You Like That'`, `IU "Blueming"`, `YOASOBI「夜に駆ける」`: the title
    /// quoted after the artist, as K-pop and J-pop channels write it. The opening quote
    /// follows a space (or is a corner bracket), so "Guns N' Roses" is not one.
    static func quotedTitle(_ title: String) -> (credit: String, title: String)? {
        for (open, close) in [("'", "'"), ("\"", "\""), ("‘", "’"), ("“", "”"), ("「", "」"), ("『", "』")] {
            let corner = open == "「" || open == "『"
            // A quote that closes before a letter ("Rock 'n' Roll") closes no title.
            let pattern = "^(.+?)\(corner ? #"\s*"# : #"\s+"#)\(open)([^\(close)]+)\(close)\(corner ? "" : #"(?=\s|$|[\(\[])"#)(.*)$"
            guard let regex = try? NSRegularExpression(pattern: pattern),
                let match = regex.firstMatch(in: title, range: NSRange(title.startIndex..., in: title)),
                let creditRange = Range(match.range(at: 1), in: title), let quotedRange = Range(match.range(at: 2), in: title),
                let restRange = Range(match.range(at: 3), in: title)
            else { continue }
            let credit = title[creditRange].trimmingCharacters(in: CharacterSet(charactersIn: " -–—:"))
            // "Artist - Song "Nickname"": the dash credits, not the quotes.
            guard !credit.isEmpty, !credit.contains(" - ") else { continue }
            // What follows the quotes is decoration ("M/V", "Official MV") or a version.
            let rest = title[restRange].trimmingCharacters(in: .whitespaces)
            let tail = withoutDecoration(rest) ?? rest
            return (credit, tail.isEmpty ? String(title[quotedRange]) : "\(title[quotedRange]) \(tail)")
        }
        return nil
    }

    /// The title without what only describes the video: "(Official Video)", "[Official
    /// Audio]", "(Lyrics)", "[4K]" go; "(Official Video Remastered)" keeps "(Remastered)";
    /// the same words at the end or after a "|" go too.
    static func clean(_ title: String) -> String {
        var text = title.precomposedStringWithCompatibilityMapping
        // "Song | Official Video", "Song | Artist": what follows a bar describes the upload.
        if let bar = text.range(of: " | ") ?? text.range(of: " ｜ ") {
            let tail = barTail(String(text[bar.upperBound...]))
            text = String(text[..<bar.lowerBound]) + (tail.map { " (\($0))" } ?? "")
        }
        let bracketed = #"\s*[\(\[【]([^\(\)\[\]【】]*)[\)\]】]"#
        var kept = ""
        var rest = Substring(text)
        while let range = rest.range(of: bracketed, options: .regularExpression) {
            kept += rest[..<range.lowerBound]
            let inner = String(rest[range].trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
            if let left = withoutDecoration(inner) { kept += left.isEmpty ? "" : " (\(left))" } else { kept += rest[range] }
            rest = rest[range.upperBound...]
        }
        kept += rest
        // Unbracketed at the end: "Song Official Video", "Song (Remix) Lyrics", "Song MV".
        var words = kept.split(separator: " ").map(String.init)
        while let count = trailingDecoration(words) { words.removeLast(count) }
        let result = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return result.isEmpty ? title : result
    }

    /// A bracketed part that describes the video, without those words ("" when nothing else
    /// is in it); nil when it says nothing about the video.
    static func withoutDecoration(_ segment: String) -> String? {
        let words = segment.split(separator: " ").map(String.init)
        let keys = words.map { TextNormalizer.tokens(TextNormalizer.key($0)) }
        guard keys.contains(where: { $0.contains(where: strongDecorationWords.contains) }) || keys.allSatisfy({ $0.allSatisfy(decorationWords.contains) })
        else { return nil }
        return zip(words, keys).filter { _, key in key.isEmpty || !key.allSatisfy(decorationWords.contains) }.map(\.0)
            .filter { TextNormalizer.key($0).isEmpty == false }.joined(separator: " ")
    }

    /// How many of the last words only describe the video ("Official Music Video", "Lyrics").
    static func trailingDecoration(_ words: [String]) -> Int? {
        guard words.count > 1 else { return nil }
        for count in stride(from: min(4, words.count - 1), through: 1, by: -1) {
            let tokens = TextNormalizer.tokens(TextNormalizer.key(words.suffix(count).joined(separator: " ")))
            // "Official", "Music" or "With" alone may be a title's own word; "Lyrics" or "MV" is not.
            guard !tokens.isEmpty, tokens.allSatisfy(decorationWords.contains),
                tokens.contains(where: strongDecorationWords.contains) || tokens.suffix(2) == ["m", "v"]
            else { continue }
            if count == 1, ["video", "audio", "clip"].contains(tokens[0]) { continue }
            return count
        }
        return nil
    }

    /// Words of a video's description of itself, in the languages labels upload in.
    static let decorationWords: Set<String> = [
        "official", "officiel", "oficial", "offizielles", "music", "video", "audio", "lyric", "lyrics", "letra", "paroles", "visualizer",
        "visualiser", "mv", "m", "v", "hd", "hq", "4k", "1080p", "720p", "clip", "videoclip", "musikvideo", "the", "with", "color", "coded", "new",
    ]
    /// The ones that say "this describes the video" on their own.
    static let strongDecorationWords: Set<String> = [
        "video", "audio", "lyric", "lyrics", "letra", "paroles", "visualizer", "visualiser", "mv", "hd", "hq", "4k", "1080p", "720p", "clip",
        "videoclip", "musikvideo",
    ]

    /// Versions written after the title without brackets ("Song Live at Wembley", "Song
    /// REACTION", "Song slowed + reverb") put in brackets, where the title parser reads them.
    static func markingTrailingVersions(_ title: String) -> String {
        let words = title.split(separator: " ").map(String.init)
        guard words.count > 1 else { return title }
        for start in 1..<words.count {
            // A version in brackets is the title parser's already.
            guard !words[start...].contains(where: { $0.contains(where: "()[]".contains) }) else { continue }
            let tail = TextNormalizer.key(words[start...].joined(separator: " "))
            guard let marker = trailingMarkers.first(where: { tail == $0 || tail.hasPrefix($0 + " ") }) else { continue }
            let after = TextNormalizer.tokens(String(tail.dropFirst(marker.count)))
            // "Live at Wembley", "Cover by X", "slowed and reverb"; not "Under Cover of Darkness".
            guard after.isEmpty || ["at", "from", "in", "on", "by"].contains(after[0]) || after.allSatisfy(markerFollowers.contains) else { continue }
            return "\(words[..<start].joined(separator: " ")) (\(words[start...].joined(separator: " ")))"
        }
        return title
    }

    static let trailingMarkers = [
        "slowed and reverb", "slowed reverb", "slowed", "sped up", "nightcore", "8d audio", "8d", "reaction", "cover", "karaoke", "instrumental",
        "acoustic", "live", "1 hour", "10 hours", "loop",
    ]
    static let markerFollowers: Set<String> = ["and", "reverb", "version", "ver", "audio", "mix", "remix", "edit", "loop", "video", "session"]
}
