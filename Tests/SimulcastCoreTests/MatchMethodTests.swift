import Foundation
import SimulcastCore
import Testing

@Suite struct MatchMethodTests {
    @Test(arguments: [
        ("identity", MatchMethod.identity),
        ("correction", MatchMethod.correction),
        ("simulcast", MatchMethod(.simulcast)),
        ("simulcast:isrc", MatchMethod(.simulcast, .isrc)),
        ("simulcast:album", MatchMethod(.simulcast, .album)),
        ("seed:title+album", MatchMethod(.seed, .titleAndAlbum)),
        ("seed:cut-title", MatchMethod(.seed, .cutTitle)),
        // A route from a newer server is dropped, so its states still decode.
        ("simulcast:lyrics", MatchMethod(.simulcast)),
    ])
    func parsesTheWireText(text: String, method: MatchMethod) throws {
        #expect(MatchMethod(text) == method)
        let decoded = try JSONDecoder().decode(MatchMethod.self, from: Data("\"\(text)\"".utf8))
        #expect(decoded == method)
    }

    @Test(arguments: ["", "magic", ":isrc", "Seed:title+album"])
    func anUnknownStrategyIsRefused(text: String) {
        #expect(MatchMethod(text) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MatchMethod.self, from: Data("\"\(text)\"".utf8)) }
    }

    @Test func everyMethodRoundTripsAsOneString() throws {
        for strategy in MatchMethod.Strategy.allCases {
            for route in [nil] + MatchMethod.Route.allCases {
                let method = MatchMethod(strategy, route)
                let data = try JSONEncoder().encode(method)
                #expect(String(decoding: data, as: UTF8.self) == "\"\(method.description)\"")
                #expect(try JSONDecoder().decode(MatchMethod.self, from: data) == method)
            }
        }
    }
}
