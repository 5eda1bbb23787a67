import CatalogCore
import Foundation
import SimulcastCore

/// One labelled case of the matching data's formats (`pick` and `pair`).
public enum EvaluationCase: Sendable {
    case pick(id: String, category: String?, source: TrackMetadata, candidates: [TrackMetadata]?, expected: String?)
    case pair(id: String, a: TrackMetadata, b: TrackMetadata, same: Bool)

    struct Record: Decodable {
        struct Track: Decodable {
            var service: String?
            var id: String?
            var title: String?
            var artists: [String]?
            var album: String?
            var durationMs: Int?
            var isrc: String?
            var explicit: Bool?
            var trackNumber: Int?
            var discNumber: Int?

            var metadata: TrackMetadata {
                TrackMetadata(
                    service: MusicService(rawValue: service ?? "unknown"), id: id ?? "", title: title ?? "", artists: artists ?? [], album: album,
                    durationMs: durationMs, isrc: isrc, trackNumber: trackNumber, discNumber: discNumber, explicit: explicit)
            }
        }
        var kind: String
        var id: String
        var category: String?
        var source: Track?
        var candidates: [Track]?
        var expected: String?
        var a: Track?
        var b: Track?
        var same: Bool?
    }

    /// Reads JSON Lines; a bad line fails with its number.
    public static func load(_ data: Data) throws -> [EvaluationCase] {
        var cases: [EvaluationCase] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
            let record: Record
            do { record = try JSONDecoder().decode(Record.self, from: Data(line)) } catch {
                throw Self.notACase(line: index + 1)
            }
            switch record.kind {
            case "pick":
                guard let source = record.source else { throw Self.notACase(line: index + 1) }
                cases.append(
                    .pick(
                        id: record.id, category: record.category, source: source.metadata, candidates: record.candidates?.map(\.metadata),
                        expected: record.expected))
            case "pair":
                guard let a = record.a, let b = record.b, let same = record.same else { throw Self.notACase(line: index + 1) }
                cases.append(.pair(id: record.id, a: a.metadata, b: b.metadata, same: same))
            default:
                throw Self.notACase(line: index + 1)
            }
        }
        return cases
    }

    /// A line that is not a case: the same failure as an offline catalog's unreadable record.
    static func notACase(line: Int) -> CatalogError {
        CatalogError(.invalidRecord, "line \(line): not a pick or pair case (see the matching data's README)")
    }
}
