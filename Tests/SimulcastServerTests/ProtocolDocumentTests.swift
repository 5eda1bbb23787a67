import Foundation
import RoomStorage
import SimulcastClient
import SimulcastCore
import SimulcastServer
import Testing

@testable import Rooms

/// docs/PROTOCOL.md states the clock-sync constants; wave 1's said 8 pings every 5 s, best of
/// 8, while the code did 16, 2 s, 32. This fails when the two drift apart again.
@Suite struct ProtocolDocumentTests {
    static let document: String? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/PROTOCOL.md")
        return try? String(contentsOf: url, encoding: .utf8)
    }()

    @Test func theClockSyncConstantsAreTheCodes() throws {
        let text = try #require(Self.document, "docs/PROTOCOL.md is part of the repository")
        let spacing = ConnectionDriver.burstSpacing.components.attoseconds / 1_000_000_000_000_000
        let interval = ConnectionDriver.defaultPingInterval.components.seconds
        #expect(text.contains("burst of \(ConnectionDriver.burstSize) at connect, \(spacing) ms apart, then every \(interval) s"))
        #expect(text.contains("what every one of the last \(ClockSync.defaultWindow) allows"))
    }

    /// The final refusals the document lists are the engine's (`Wire.ErrorCode.isFinal`).
    @Test func theFinalRefusalsAreTheEngines() throws {
        let text = try #require(Self.document, "docs/PROTOCOL.md is part of the repository")
        let paragraph = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("Except after a final refusal") })
        let named = Set(Wire.ErrorCode.allCases.filter { paragraph.contains("`\($0.rawValue)`") })
        #expect(named == Set(Wire.ErrorCode.allCases.filter(\.isFinal)))
    }

    static let openAPI: String? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SimulcastServer/openapi.yaml")
        return try? String(contentsOf: url, encoding: .utf8)
    }()

    /// "GET /v1/rooms/{code}" for every operation in openapi.yaml (paths at two spaces, methods at four).
    static func operations(inOpenAPI text: String) -> Set<String> {
        var operations: Set<String> = []
        var path: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            if !line.hasPrefix(" ") { path = line.hasPrefix("paths:") ? path : nil }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let path, line.hasPrefix("    "), !line.hasPrefix("     "), ["get:", "post:", "put:", "patch:", "delete:"].contains(trimmed) {
                operations.insert("\(trimmed.dropLast().uppercased()) \(path)")
            }
        }
        return operations
    }

    /// The rows of the REST table: "`GET /v1/matches/corrections?room=CODE`" read as "GET /v1/matches/corrections".
    static func operations(inProtocol text: String) -> Set<String> {
        guard let start = text.range(of: "## REST") else { return [] }
        var operations: Set<String> = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let cell = line[line.index(line.startIndex, offsetBy: 3)..<end]
            let parts = cell.split(separator: " ")
            guard parts.count == 2, ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(parts[0]) else { continue }
            operations.insert("\(parts[0]) \(parts[1].split(separator: "?")[0])")
        }
        return operations
    }

    /// Issue 23: the REST API comes from one document, and PROTOCOL.md's table is held to it.
    @Test func theRESTTableIsTheOpenAPIDocuments() throws {
        let document = try #require(Self.openAPI, "Sources/SimulcastServer/openapi.yaml is part of the repository")
        let fromDocument = Self.operations(inOpenAPI: document)
        let fromTable = Self.operations(inProtocol: try #require(Self.document))
        #expect(fromDocument.count >= 11, "\(fromDocument.sorted())")
        #expect(
            fromDocument.subtracting(fromTable).isEmpty, "in openapi.yaml, not in PROTOCOL.md's REST table: \(fromDocument.subtracting(fromTable).sorted())")
        #expect(
            fromTable.subtracting(fromDocument).isEmpty, "in PROTOCOL.md's REST table, not in openapi.yaml: \(fromTable.subtracting(fromDocument).sorted())")
    }

    @Test func everyRESTErrorCodeIsDocumented() throws {
        let text = try #require(Self.document)
        for code in APIErrorCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` |"), "docs/PROTOCOL.md does not list \(code.rawValue)")
        }
    }

    @Test func everyMatchMethodIsDocumented() throws {
        let text = try #require(Self.document)
        for strategy in MatchMethod.Strategy.allCases {
            #expect(text.contains("| `\(strategy.rawValue)` |"), "docs/PROTOCOL.md does not list the strategy \(strategy.rawValue)")
        }
        for route in MatchMethod.Route.allCases {
            #expect(text.contains("`\(route.rawValue)`"), "docs/PROTOCOL.md does not list the route \(route.rawValue)")
        }
    }
}
