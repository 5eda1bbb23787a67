import CatalogCore
import Foundation
import SimulcastCore
import Testing

@Suite struct OfflineCatalogTests {
    static let lines = """
        {"service":"apple-music","id":"1","title":"She Looks So Perfect (Ash Demo Vocal)","artists":["5 Seconds of Summer"],"album":"She Looks So Perfect - EP","durationMs":191520}
        {"service":"apple-music","id":"2","title":"She Looks So Perfect","artists":["5 Seconds of Summer"],"album":"5 Seconds of Summer","durationMs":202320}

        {"service":"apple-music","id":"3","title":"Café del Mar","artists":["Energy 52"],"album":"Café del Mar","storefronts":["de","gb"]}
        {"service":"deezer","id":"9","title":"She Looks So Perfect","artists":["5 Seconds Of Summer"]}
        {"service":"apple-music","id":"4","title":"C'est La Vie","artists":["B*Witched"],"album":"B*Witched"}
        """

    let catalog = try! OfflineCatalog(service: .appleMusic, jsonLines: Data(lines.utf8))

    @Test func readsOnlyItsOwnServicesRecords() {
        #expect(catalog.entries.map(\.track.id) == ["1", "2", "3", "4"])
    }

    @Test(arguments: [
        ("she looks so perfect", "us", ["1", "2"]),  // catalog order, like iTunes Search
        ("She Looks So Perfect 5 Seconds of Summer 5 Seconds of Summer", "us", ["1", "2"]),
        ("perfect ash", "us", ["1"]),
        ("she looks so perfect alyona", "us", []),  // every term must match
        ("cafe del mar", "de", ["3"]),  // accents folded
        ("café del mar", "us", []),  // not available in this storefront
        ("cest la vie", "us", ["4"]),  // apostrophes dropped inside words
        ("C'est La Vie B*Witched", "us", ["4"]),
        ("  ", "us", []),
    ])
    func searchesLikeITunes(term: String, storefront: String, expected: [String]) async throws {
        #expect(try await catalog.search(term: term, storefront: storefront, limit: 25).map(\.id) == expected)
    }

    @Test(arguments: [
        ("5 Seconds of Summer", "5 Seconds of Summer", "us", ["2"]),
        ("5 Seconds of Summer", "She Looks So Perfect", "us", ["1"]),  // "- EP" left out of the name asked for
        ("Energy 52", "Cafe del Mar", "us", []),  // not in this storefront
        ("Energy 52", "Cafe del Mar", "de", ["3"]),
        ("Someone Else", "5 Seconds of Summer", "us", []),
    ])
    func listsAnAlbumsTracks(artist: String, album: String, storefront: String, ids: [String]) async throws {
        let catalog = try OfflineCatalog(service: .appleMusic, jsonLines: Data(Self.lines.utf8))
        #expect(try await catalog.albumTracks(artist: artist, album: album, storefront: storefront).map(\.id) == ids)
    }

    @Test func honoursTheLimit() async throws {
        #expect(try await catalog.search(term: "perfect", storefront: "us", limit: 1).map(\.id) == ["1"])
    }

    @Test func looksUpById() async throws {
        #expect(try await catalog.track(id: "2", storefront: "us")?.title == "She Looks So Perfect")
        #expect(try await catalog.track(id: "3", storefront: "us") == nil)
        #expect(try await catalog.track(id: "nope", storefront: "us") == nil)
    }

    @Test func aBrokenLineFailsWithItsNumber() {
        let broken = Data("{\"id\":\"1\",\"title\":\"ok\"}\n{\"title\": 5}\n".utf8)
        #expect(throws: CatalogError(.invalidRecord, "test.jsonl line 2: not a track record (needs at least \"id\" and \"title\")")) {
            try OfflineCatalog(service: .appleMusic, jsonLines: broken, name: "test.jsonl")
        }
    }

    @Test func aMissingFileIsAClearError() {
        do {
            _ = try OfflineCatalog(service: .appleMusic, contentsOf: URL(fileURLWithPath: "/nonexistent/catalog.jsonl"))
            Issue.record("should fail")
        } catch {
            #expect("\(error)".hasPrefix("cannot read catalog file /nonexistent/catalog.jsonl"))
        }
    }
}
