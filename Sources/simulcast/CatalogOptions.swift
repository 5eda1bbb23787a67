import ArgumentParser
import Catalogs
import Foundation
import SimulcastCore
import TrackMatching

/// Catalog and matcher flags shared by `serve` and `match`.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"), help: ArgumentHelp("An offline catalog for a service, as SERVICE=FILE.jsonl (repeatable).", valueName: "service=file"))
    var catalogs: [String] = []

    @Option(help: "Matching strategy: seed (the original blog post's method).")
    var matcher: String = "seed"

    func makeMatchmaker() throws -> TrackMatchmaker {
        var loaded: [MusicService: any Catalog] = [:]
        for spec in catalogs {
            guard let equals = spec.firstIndex(of: "=") else {
                throw ValidationError("--catalog takes SERVICE=FILE, e.g. apple-music=catalog.jsonl; got \"\(spec)\"")
            }
            let service = MusicService(rawValue: String(spec[..<equals]))
            let path = String(spec[spec.index(after: equals)...])
            do {
                loaded[service] = try OfflineCatalog(service: service, contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ValidationError("\(error)")
            }
        }
        guard matcher == "seed" else { throw ValidationError("unknown matcher \"\(matcher)\"; available: seed") }
        return TrackMatchmaker(catalogs: loaded, matcher: SeedMatcher())
    }
}
