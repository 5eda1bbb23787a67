import Foundation
import SimulcastCore

/// Decides which candidate, if any, is the source's recording. Gates first (version,
/// numbers, title, artist, duration, ISRC), then a score over what is known; a winner must
/// clear a threshold and beat the best different recording by a margin, otherwise the
/// answer is "ambiguous" or "not found" with reasons. Missing fields lower the score
/// instead of failing a gate.
public struct CandidatePicker: Sendable {
    public var acceptThreshold = 0.55
    public var margin = 0.06
    /// Durations further apart than this are another recording unless the ISRC is the same.
    public var durationGateMs = 7_000
    /// ... and further apart than this, always.
    public var hardDurationGateMs = 15_000
    /// Rules in force; all of them unless the leave-one-category-out check turns some off.
    public var rules = Set(PickerRule.allCases)

    public init() {}

    public func pick(_ source: TrackMetadata, from candidates: [TrackMetadata]) -> MatchResult {
        // The source is parsed once for all candidates.
        let parsedSource = TitleParser.parse(source.title)
        let assessments = candidates.map { assess($0, against: source, parsedTitle: parsedSource) }
        var accepted = assessments.filter(\.accepted).sorted { $0.score > $1.score }
        // A version named on one side only is a fallback: where a candidate's version agrees
        // as written, only such candidates compete (the original beside its remix, same length).
        if accepted.contains(where: { !$0.versionLabelledOnOneSide }) { accepted.removeAll(where: \.versionLabelledOnOneSide) }
        // Credits name versions: where a candidate credits exactly the source's artists, the
        // plain or featured version that does not is another recording.
        if rules.contains(.creditVersions), accepted.contains(where: { $0.creditsAgree == true }) {
            accepted.removeAll { $0.creditsAgree == false && !$0.identifierMatch }
        }
        guard let best = accepted.first else {
            let reasons = assessments.prefix(5).map { "\($0.candidate.id) \"\($0.candidate.title)\": \($0.rejection ?? "")" }
            return .notFound(method: MatchMethod(.simulcast), reasons: candidates.isEmpty ? ["no candidates"] : reasons)
        }
        // Several releases of one recording are one answer: prefer the source's album among them.
        let twins = rules.contains(.albumTwins) ? accepted.filter { sameRecording($0.candidate, best.candidate) } : [best]
        let chosen =
            twins.max {
                albumScore(source, $0.candidate) < albumScore(source, $1.candidate)
                    || (albumScore(source, $0.candidate) == albumScore(source, $1.candidate) && $0.score < $1.score)
            } ?? best
        let rivals = accepted.filter { $0.candidate != best.candidate && !(rules.contains(.albumTwins) && sameRecording($0.candidate, best.candidate)) }
        var reasons = chosen.notes
        if twins.count > 1 {
            reasons.append("\(twins.count) releases of the same recording; took \(chosen.candidate.album.map { "the one on \"\($0)\"" } ?? "the first")")
        }
        if best.score < acceptThreshold {
            return MatchResult(
                status: .notFound, track: nil, confidence: best.score, method: MatchMethod(.simulcast),
                reasons: reasons + ["best candidate \(best.candidate.id) scores \(String(format: "%.2f", best.score)), below \(acceptThreshold)"])
        }
        if let rival = rivals.first, best.score - rival.score < margin, !best.identifierMatch {
            let top = ([best] + rivals.prefix(2)).map { "\($0.candidate.id) \"\($0.candidate.title)\" (\(String(format: "%.2f", $0.score)))" }
            return MatchResult(
                status: .ambiguous, track: nil, confidence: best.score, method: MatchMethod(.simulcast),
                reasons: ["no clear winner: " + top.joined(separator: ", ")])
        }
        return .matched(chosen.candidate, confidence: chosen.score, method: MatchMethod(.simulcast, chosen.identifierMatch ? .isrc : nil), reasons: reasons)
    }

    public func assess(_ candidate: TrackMetadata, against source: TrackMetadata) -> CandidateAssessment {
        assess(candidate, against: source, parsedTitle: TitleParser.parse(source.title))
    }

    func assess(_ candidate: TrackMetadata, against source: TrackMetadata, parsedTitle sourceTitle: ParsedTitle) -> CandidateAssessment {
        var notes: [String] = []
        func reject(_ why: String) -> CandidateAssessment {
            CandidateAssessment(candidate: candidate, rejection: why, score: 0, notes: notes, identifierMatch: false)
        }
        let sourceArtists = ArtistNames.all(source.artists)
        let candidateTitle = TitleParser.parse(
            rules.contains(.artistPrefix)
                ? Self.strippingArtistPrefix(candidate.title, artists: sourceArtists + ArtistNames.all(candidate.artists)) : candidate.title)
        let isrcMatch = source.isrc != nil && source.isrc?.uppercased() == candidate.isrc?.uppercased()

        // Version: identity-changing tags must agree (a tag carried by the album or a cover
        // credit counts too).
        let covers = rules.contains(.coverMarkers)
        let sourceVersion = Self.identity(sourceTitle, album: source.album, artists: source.artists, coverMarkers: covers)
        let candidateVersion = Self.identity(candidateTitle, album: candidate.album, artists: candidate.artists, coverMarkers: covers)
        var versionLabelledOnOneSide = false
        if rules.contains(.versionGate), !Self.compatible(sourceVersion, candidateVersion) {
            let describe: ([VersionTag]) -> String = { $0.isEmpty ? "the original" : $0.map(\.description).joined(separator: ", ") }
            guard Self.versionNamedOnOneSideOnly(sourceVersion, candidateVersion, source, candidate) else {
                return reject("another version: \(describe(candidateVersion)) for \(describe(sourceVersion))")
            }
            versionLabelledOnOneSide = true
            notes.append(
                "\(describe(sourceVersion.isEmpty ? candidateVersion : sourceVersion)) named on one side only, but the same album and length: one store's labelling"
            )
        }
        if rules.contains(.numberGate), sourceTitle.numbers != candidateTitle.numbers {
            return reject("other numbering (\(sourceTitle.numbers.sorted()) vs \(candidateTitle.numbers.sorted()))")
        }

        // Title.
        let titleScore: Double
        let sourceLatin = TextNormalizer.isLatin(sourceTitle.base)
        let candidateLatin = TextNormalizer.isLatin(candidateTitle.base)
        let similarity =
            rules.contains(.censoredTitle) && TitleComparison.censoredMatch(sourceTitle.base, candidateTitle.base)
            ? 1 : TitleComparison.similarity(sourceTitle.baseKey, candidateTitle.baseKey)
        if similarity >= 0.85 {
            titleScore = similarity
            if similarity < 1 { notes.append("title close (\(String(format: "%.2f", similarity)))") } else { notes.append("same title") }
        } else if rules.contains(.crossScriptTitle), sourceLatin != candidateLatin {
            // 紅蓮華 / Gurenge: scripts differ and readings differ; the title cannot be checked.
            titleScore = 0.3
            notes.append("title in another script; not comparable")
        } else if isrcMatch {
            titleScore = similarity
            notes.append("title differs but the ISRC is the same")
        } else if !rules.contains(.titleGate) {
            titleScore = similarity
        } else {
            return reject("another title (\(String(format: "%.2f", similarity)))")
        }

        // Artists (featured names from titles count).
        let sourceCredits = sourceArtists + sourceTitle.featured
        let candidateCredits = ArtistNames.all(candidate.artists, featured: candidateTitle.featured)
        let artists = ArtistNames.agreement(source: sourceCredits, candidate: candidateCredits)
        let artistScore: Double
        switch artists {
        case .primary: artistScore = 1; notes.append("same artist")
        case .partial: artistScore = 0.75; notes.append("shares an artist")
        case .unknown:
            // Unknown is not agreement: a cover by someone written in another script, or a
            // credit left out, looks just like this. Only a source without artists, the same
            // ISRC, or the same album at the same length lets it through.
            if sourceArtists.isEmpty || !rules.contains(.unknownArtistProof) {
                artistScore = 0.5
                notes.append("artist unknown")
            } else if isrcMatch {
                artistScore = 0.5
                notes.append("artist not comparable; the ISRC confirms it")
            } else if albumScore(source, candidate) >= 0.95, let a = source.durationMs, let b = candidate.durationMs, a > 0, b > 0, abs(a - b) <= 2_000 {
                artistScore = 0.5
                notes.append("artist not comparable; the same album at the same length confirms it")
            } else {
                return reject(
                    "artist cannot be compared (\(candidate.artists.isEmpty ? "none given" : candidate.artists.joined(separator: ", "))) and nothing else confirms the recording"
                )
            }
        case .none:
            if isrcMatch || !rules.contains(.artistGate) {
                artistScore = 0.3
            } else {
                return reject("another artist (\(candidate.artists.joined(separator: ", ")))")
            }
        }
        if titleScore < 0.5, artists != .primary { return reject("title not comparable and the artist not confirmed") }

        // Duration.
        var durationScore = 0.5
        if let a = source.durationMs, let b = candidate.durationMs, a > 0, b > 0 {
            let delta = abs(a - b)
            if rules.contains(.durationGate), delta > hardDurationGateMs || (delta > durationGateMs && !isrcMatch) {
                return reject("duration \(delta / 1000) s apart")
            }
            // Correct matches differ by about a second at most; a few seconds already suggests another edit.
            durationScore = delta <= 1_000 ? 1 : delta <= 2_000 ? 0.8 : delta <= 4_000 ? 0.4 : delta <= 7_000 ? 0.2 : 0.1
            notes.append("duration within \(String(format: "%.1f", Double(delta) / 1000)) s")
        }

        // Album, explicitness, leftover tags.
        let album = albumScore(source, candidate)
        if album >= 0.95 { notes.append("same album") }
        var explicitScore = 0.5
        let sourceExplicit = source.explicit ?? (sourceTitle.censored ? false : nil)
        let candidateExplicit = candidate.explicit ?? (candidateTitle.censored ? false : nil)
        if rules.contains(.explicitness), let a = sourceExplicit, let b = candidateExplicit {
            explicitScore = a == b ? 1 : 0
            if a != b { notes.append(b ? "explicit where the source is clean" : "clean edit of an explicit track") }
        }
        let unknownTags = (sourceTitle.tags + candidateTitle.tags).filter { $0.kind == .unknown }.count
        let tagScore = unknownTags == 0 && !versionLabelledOnOneSide ? 1.0 : 0.6

        var score = 0.35 * titleScore + 0.25 * artistScore + 0.2 * durationScore + 0.1 * album + 0.05 * explicitScore + 0.05 * tagScore
        if explicitScore == 0 { score -= 0.1 }
        if isrcMatch {
            score = max(score, 0.95)
            notes.insert("same ISRC", at: 0)
        }
        let creditsAgree = artists == .unknown ? nil : Self.creditEach(sourceCredits, candidateCredits)
        if creditsAgree == false { notes.append("credits other artists than the source") }
        return CandidateAssessment(
            candidate: candidate, rejection: nil, score: score, notes: notes, identifierMatch: isrcMatch, versionLabelledOnOneSide: versionLabelledOnOneSide,
            creditsAgree: creditsAgree)
    }

    /// 1 for the same album (tags like "Deluxe" and " - Single" aside), 0.5 unknown, lower for another.
    func albumScore(_ source: TrackMetadata, _ candidate: TrackMetadata) -> Double {
        guard let a = source.album, let b = candidate.album, !a.isEmpty, !b.isEmpty else { return 0.5 }
        if TextNormalizer.key(a) == TextNormalizer.key(b) { return 1 }
        let keyA = Self.albumKey(a)
        let keyB = Self.albumKey(b)
        // The same album in another edition ("Deluxe", " - Single"): nearly as good.
        if keyA == keyB { return 0.95 }
        return 0.4 * TitleComparison.similarity(keyA, keyB)
    }

    static func albumKey(_ album: String) -> String {
        var text = album
        for suffix in [" - Single", " - EP", " (Single)", " - single"] where text.hasSuffix(suffix) { text = String(text.dropLast(suffix.count)) }
        return TitleParser.parse(text).baseKey
    }

    /// Identity-changing tags of a title, plus live/session tags its album carries and a
    /// cover named by its album or credit.
    static func identity(_ title: ParsedTitle, album: String?, artists: [String]? = nil, coverMarkers: Bool = true) -> [VersionTag] {
        // Without the cover-marker rule, only the plain word "cover" marks one (as before it).
        var tags = coverMarkers ? title.identityTags : title.identityTags.filter { $0.kind != .cover || TextNormalizer.key($0.text).contains("cover") }
        let coverCredit = coverMarkers ? ([album ?? ""] + (artists ?? [])).first { CoverMarkers.marks(TextNormalizer.key($0)) } : nil
        if let coverCredit, !tags.contains(where: { $0.kind == .cover || $0.kind == .karaoke }) {
            tags.append(VersionTag(kind: .cover, detail: nil, text: coverCredit))
        }
        if let album {
            let albumTags = TitleParser.parse(album).tags.filter { $0.kind == .live }
            let albumKey = TextNormalizer.key(album)
            if !tags.contains(where: { $0.kind == .live }),
                let live = albumTags.first ?? (albumKey.hasPrefix("live ") ? VersionTag(kind: .live, detail: nil, text: album) : nil)
            {
                tags.append(live)
            }
        }
        return tags
    }

    static func compatible(_ a: [VersionTag], _ b: [VersionTag]) -> Bool {
        guard Set(a.map(\.kind)) == Set(b.map(\.kind)) else { return false }
        for tag in a where tag.kind == .remix {
            guard let other = b.first(where: { $0.kind == .remix }) else { return false }
            if let x = tag.detail, let y = other.detail, !(x == y || x.contains(y) || y.contains(x)) { return false }
        }
        return true
    }

    /// One store names a version the other leaves out, as Amazon's "Take Ü There (feat. Kiesza)"
    /// against iTunes' "… [Missy Elliott Remix]" on the same album at the same length: the same
    /// recording, labelled differently. Only when one side names no version at all, both
    /// albums are the same and name no version themselves (a remix EP holds several versions),
    /// and the lengths are within a second, which another mix or edit almost never is.
    static func versionNamedOnOneSideOnly(_ a: [VersionTag], _ b: [VersionTag], _ x: TrackMetadata, _ y: TrackMetadata) -> Bool {
        guard a.isEmpty != b.isEmpty else { return false }
        // An instrumental and its song share album and length: never one store's labelling.
        guard !(a + b).contains(where: \.changesVoice) else { return false }
        guard let lengthA = x.durationMs, let lengthB = y.durationMs, lengthA > 0, lengthB > 0, abs(lengthA - lengthB) <= 1_000 else { return false }
        guard let albumA = x.album, let albumB = y.album else { return false }
        guard !namesVersions(albumA), !namesVersions(albumB) else { return false }
        let keyA = albumKey(albumA)
        let keyB = albumKey(albumB)
        guard !keyA.isEmpty, !keyB.isEmpty else { return false }
        return keyA == keyB || TitleComparison.similarity(keyA, keyB) >= 0.85
    }

    /// "Stars Come Out (Remixes) - EP", "Live at Wembley", "Acoustic Sessions".
    static func namesVersions(_ album: String) -> Bool {
        if !TitleParser.parse(album).identityTags.isEmpty { return true }
        let words = Set(TextNormalizer.tokens(TextNormalizer.key(album)))
        return !words.isDisjoint(with: versionWords)
    }

    static let versionWords: Set<String> = [
        "remix", "remixes", "remixed", "mix", "mixes", "edits", "versions", "live", "acoustic", "unplugged",
        "instrumental", "instrumentals", "karaoke", "demo", "demos", "sessions", "covers", "rework", "reworks", "acapella", "acapellas",
    ]

    /// "Hodak/Miroff - zapach zimy" -> "zapach zimy" when the prefix names the artists.
    static func strippingArtistPrefix(_ title: String, artists: [String]) -> String {
        for separator in [" - ", " – ", " — "] {
            guard let range = title.range(of: separator) else { continue }
            let prefix = String(title[..<range.lowerBound])
            let names = ArtistNames.split(prefix)
            if !names.isEmpty, names.allSatisfy({ name in artists.contains { ArtistNames.same(name, $0) } }) {
                return String(title[range.upperBound...])
            }
        }
        return title
    }

    /// Both lists name the same artists, each in the other (order and spelling aside); nil
    /// when they cannot be compared (one missing, or written in other scripts).
    static func sameCredits(_ a: [String], _ b: [String]) -> Bool? {
        guard ArtistNames.agreement(source: a, candidate: b) != .unknown else { return nil }
        return creditEach(a, b)
    }

    /// Every name of each list is in the other.
    static func creditEach(_ a: [String], _ b: [String]) -> Bool {
        a.allSatisfy { x in b.contains { ArtistNames.same(x, $0) } } && b.allSatisfy { y in a.contains { ArtistNames.same(y, $0) } }
    }

    func sameRecording(_ a: TrackMetadata, _ b: TrackMetadata) -> Bool {
        if let x = a.isrc, let y = b.isrc { return x == y }
        let titleA = TitleParser.parse(a.title)
        let titleB = TitleParser.parse(b.title)
        guard titleA.baseKey == titleB.baseKey else { return false }
        // "Levitating" and "Levitating (feat. DaBaby)": the same title, another recording.
        if Self.sameCredits(ArtistNames.all(a.artists, featured: titleA.featured), ArtistNames.all(b.artists, featured: titleB.featured)) == false {
            return false
        }
        guard Set(titleA.identityTags.map(\.kind)) == Set(titleB.identityTags.map(\.kind)) else { return false }
        if let x = a.explicit, let y = b.explicit, x != y { return false }
        if let x = a.durationMs, let y = b.durationMs { return abs(x - y) <= 2_000 }
        return true
    }
}
