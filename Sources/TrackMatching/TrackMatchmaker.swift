import CatalogCore
import SimulcastCore

/// Routes a match request: the source service itself needs no lookup (except local files:
/// one person's file path means nothing on another machine); other services go through
/// their catalog with the configured matcher; a service without a catalog is reported as
/// unavailable rather than guessed.
public struct TrackMatchmaker: Sendable {
    public let catalogs: [MusicService: any Catalog]
    public let matcher: any TrackMatcher

    public init(catalogs: [MusicService: any Catalog], matcher: any TrackMatcher) {
        self.catalogs = catalogs
        self.matcher = matcher
    }

    public func match(_ source: TrackMetadata, on service: MusicService, storefront: String) async -> MatchResult {
        if service == source.service, service != .localFiles {
            return .matched(source, confidence: 1, method: .identity, reasons: ["same service as the host"])
        }
        guard let catalog = catalogs[service] else {
            if service == .localFiles {
                return MatchResult(
                    status: .unavailable, method: MatchMethod(matcher.strategy),
                    reasons: ["local files are matched on the listener's machine, in their library"])
            }
            return MatchResult(status: .unavailable, method: MatchMethod(matcher.strategy), reasons: ["no \(service) catalog is configured on this server"])
        }
        return await matcher.match(await completed(source, storefront: storefront), in: catalog, storefront: storefront)
    }

    /// A host's track as its own service's catalog knows it, when the host's player gave no
    /// ISRC (the Mac Spotify app and Spotify's Linux client give an id and words only): the
    /// ISRC, and the album and duration where the player gave none, so the match can be by
    /// recording. The host's own words are kept; a failed or empty look-up changes nothing.
    func completed(_ source: TrackMetadata, storefront: String) async -> TrackMetadata {
        guard source.isrc == nil, source.service != .localFiles, let own = catalogs[source.service],
            let record = try? await own.track(id: source.id, storefront: storefront), record.id == source.id
        else { return source }
        var completed = source
        completed.isrc = record.isrc
        completed.album = source.album ?? record.album
        completed.durationMs = source.durationMs ?? record.durationMs
        return completed
    }

    /// The versions of `source` a listener on `service` may choose from, best first: none on
    /// the source's own service (the host's recording is the one), nil where no catalog is.
    public func versions(of source: TrackMetadata, on service: MusicService, storefront: String) async throws -> [CandidateAssessment]? {
        guard service != source.service, let catalog = catalogs[service] else { return nil }
        return try await matcher.versions(of: source, in: catalog, storefront: storefront).sorted { a, b in
            (a.accepted ? 0 : 1, -a.score) < (b.accepted ? 0 : 1, -b.score)
        }
    }
}
