import SimulcastCore

/// The versions a room's listeners suggested for its song, and who stood behind each (client
/// networks, so one household or one script counts once). No I/O: the room keeps one, puts
/// `summary` in its state for the host, and clears a pair once the host decided it.
struct SuggestionBox: Hashable {
    struct Key: Hashable {
        var sourceId: String
        var service: MusicService
        var storefront: String
        var targetId: String
    }

    enum Refusal: Error, Hashable {
        /// The room holds as many suggestions for its song as it keeps.
        case full(limit: Int)
    }

    /// Distinct versions kept for the room's song: enough for every listener's service and
    /// country to suggest a few, few enough that `room.state` stays small.
    static let maximumSuggestions = 8
    /// Networks remembered for one suggestion; more only say "many".
    static let maximumCounted = 100

    private var targets: [Key: TrackMetadata] = [:]
    private var networks: [Key: Set<String>] = [:]
    private var order: [Key] = []

    /// Adds `network`'s suggestion of `target` for the room's song `sourceId`; suggestions for
    /// other songs are dropped first (the room moved on).
    mutating func suggest(_ target: TrackMetadata, for sourceId: String, storefront: String, from network: String) -> Result<MatchSuggestion, Refusal> {
        keepOnly(sourceId: sourceId)
        let key = Key(sourceId: sourceId, service: target.service, storefront: storefront, targetId: target.id)
        if targets[key] == nil {
            guard order.count < Self.maximumSuggestions else { return .failure(.full(limit: Self.maximumSuggestions)) }
            order.append(key)
            targets[key] = target
        }
        if networks[key, default: []].count < Self.maximumCounted { networks[key, default: []].insert(network) }
        return .success(suggestion(key))
    }

    /// The host decided the pair (a correction with the host token): its suggestions go.
    mutating func decided(sourceId: String, service: MusicService, storefront: String) {
        order.removeAll { $0.sourceId == sourceId && $0.service == service && $0.storefront == storefront }
        prune()
    }

    /// What the host sees for the room's song: most listeners first, then oldest.
    func summary(for sourceId: String?) -> [MatchSuggestion] {
        let shown = order.filter { $0.sourceId == sourceId }.map(suggestion)
        return shown.enumerated().sorted { ($0.element.listeners, -$0.offset) > ($1.element.listeners, -$1.offset) }.map(\.element)
    }

    private mutating func keepOnly(sourceId: String) {
        order.removeAll { $0.sourceId != sourceId }
        prune()
    }

    private mutating func prune() {
        let kept = Set(order)
        targets = targets.filter { kept.contains($0.key) }
        networks = networks.filter { kept.contains($0.key) }
    }

    private func suggestion(_ key: Key) -> MatchSuggestion {
        MatchSuggestion(
            sourceId: key.sourceId, service: key.service, storefront: key.storefront, target: targets[key]!, listeners: networks[key]?.count ?? 0)
    }
}
