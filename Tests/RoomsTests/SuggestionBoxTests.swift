import SimulcastCore
import Testing

@testable import Rooms

/// Listeners' suggestions as the room keeps them for its host: distinct networks counted,
/// a cap per song, the room's song only, and a pair the host decided cleared.
@Suite struct SuggestionBoxTests {
    static func version(_ id: String, service: MusicService = .appleMusic) -> TrackMetadata {
        TrackMetadata(service: service, id: id, title: "Song \(id)", artists: ["Artist"])
    }

    @Test func oneNetworkCountsOnceAndTheMostSuggestedComesFirst() throws {
        var box = SuggestionBox()
        for _ in 0..<50 { _ = box.suggest(Self.version("a"), for: "src", storefront: "us", from: "203.0.113.0/24") }
        _ = box.suggest(Self.version("b"), for: "src", storefront: "us", from: "198.51.100.0/24")
        let suggestion = try box.suggest(Self.version("b"), for: "src", storefront: "us", from: "192.0.2.0/24").get()
        #expect(suggestion.listeners == 2)
        #expect(box.summary(for: "src").map { "\($0.target.id) \($0.listeners)" } == ["b 2", "a 1"])
        #expect(box.summary(for: "another song").isEmpty)
    }

    @Test func aSongHoldsAFewSuggestionsAndANewSongStartsAfresh() {
        var box = SuggestionBox()
        for index in 0..<SuggestionBox.maximumSuggestions {
            #expect((try? box.suggest(Self.version("v\(index)"), for: "src", storefront: "us", from: "n").get()) != nil)
        }
        #expect(box.suggest(Self.version("one too many"), for: "src", storefront: "us", from: "n") == .failure(.full(limit: SuggestionBox.maximumSuggestions)))
        // An existing one still gathers listeners.
        #expect((try? box.suggest(Self.version("v0"), for: "src", storefront: "us", from: "m").get())?.listeners == 2)
        #expect((try? box.suggest(Self.version("x"), for: "next song", storefront: "us", from: "n").get()) != nil)
        #expect(box.summary(for: "src").isEmpty)
        #expect(box.summary(for: "next song").count == 1)
    }

    @Test func theHostsDecisionClearsItsPairOnly() {
        var box = SuggestionBox()
        _ = box.suggest(Self.version("a"), for: "src", storefront: "us", from: "n")
        _ = box.suggest(Self.version("b"), for: "src", storefront: "gb", from: "n")
        _ = box.suggest(Self.version("d", service: .deezer), for: "src", storefront: "us", from: "n")
        box.decided(sourceId: "src", service: .appleMusic, storefront: "us")
        #expect(box.summary(for: "src").map(\.target.id).sorted() == ["b", "d"])
    }
}
