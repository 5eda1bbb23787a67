import SimulcastCore

/// Suggestions: a listener without the host token proposes another version of the room's song
/// for their service. The room keeps it for the host (in its state, with how many distinct
/// listeners asked) and changes nobody's match; the host's correction decides the pair.
extension LiveRoom {
    /// Records `network`'s suggestion of `target` for the room's song `source`.
    func suggest(_ target: TrackMetadata, for source: TrackMetadata, storefront: String, from network: String) async -> Result<
        MatchSuggestion, SuggestionBox.Refusal
    > {
        let outcome = suggestionBox.suggest(target, for: source.id, storefront: storefront, from: network)
        if case .success = outcome { await publishSuggestions() }
        return outcome
    }

    /// The host decided `key`'s pair with a correction: the suggestions for it are answered.
    func suggestionsDecided(_ key: MatchCacheKey) async {
        suggestionBox.decided(sourceId: key.sourceId, service: key.targetService, storefront: key.storefront)
        await publishSuggestions()
    }

    private func publishSuggestions() async {
        await commit(claim: .none) { state in
            let shown = self.suggestionBox.summary(for: state.track?.source.id)
            let next = shown.isEmpty ? nil : shown
            guard next != state.suggestions else { return nil }
            var changed = state
            changed.suggestions = next
            return changed
        }
    }
}
