import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import RoomStorage
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

@Suite struct RESTTests {
    func withApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let dependencies = SimulcastApplication.Dependencies(
            store: InMemoryRoomStore(clock: SystemClock()), matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger)
        let (app, _) = try SimulcastApplication.build(configuration: .init(port: 0), dependencies: dependencies)
        try await app.test(.router, body)
    }

    @Test func createsAndShowsARoom() async throws {
        try await withApp { client in
            let created = try await client.execute(uri: "/v1/rooms", method: .post) { response in
                #expect(response.status == .created)
                return try JSONDecoder().decode(CreatedRoom.self, from: Data(buffer: response.body))
            }
            #expect(RoomCode.normalise(created.code) == created.code)
            #expect(created.hostToken.count >= 40)
            #expect(created.webSocketPath == "/v1/rooms/\(created.code)/ws")
            try await client.execute(uri: "/v1/rooms/\(created.code.lowercased())", method: .get) { response in
                #expect(response.status == .ok)
                let summary = try JSONDecoder().decode(RoomSummary.self, from: Data(buffer: response.body))
                #expect(summary.code == created.code)
                #expect(summary.state.seq == 0)
                #expect(summary.state.track == nil)
                #expect(summary.listeners.isEmpty)
                // The host token is never shown again.
                #expect(!String(buffer: response.body).contains(created.hostToken))
            }
        }
    }

    @Test(arguments: ["/v1/rooms/ZZZZZZ", "/v1/rooms/not-a-code"])
    func unknownRoomsAre404WithAJSONError(uri: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let body = String(buffer: response.body)
                #expect(body.contains(#""code":"room_not_found""#))
            }
        }
    }

    @Test func aMalformedCorrectionIsA400() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/matches/corrections", method: .post, body: ByteBuffer(string: "{not json")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains(#""code":"malformed_correction""#))
            }
            let unknownRoom = #"{"room":"ZZZZZZ","sourceService":"spotify","sourceId":"x","targetService":"apple-music","storefront":"us","targetId":"y"}"#
            try await client.execute(uri: "/v1/matches/corrections", method: .post, body: ByteBuffer(string: unknownRoom)) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Issue 23: the document the routes are generated from is served as it is in the repository.
    @Test func servesItsOpenAPIDocument() async throws {
        let document = try #require(ProtocolDocumentTests.openAPI)
        try await withApp { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/yaml")
                #expect(String(buffer: response.body) == document)
            }
        }
    }

    /// A correction whose body is not the documented JSON, or is over 16 KiB, is refused as
    /// `malformed_correction` by the generated route, as by the hand-written one before it.
    @Test func aMalformedCorrectionIsABadRequest() async throws {
        try await withApp { client in
            for body in ["{", #"{"room": 5}"#, "[]", String(repeating: "x", count: 20_000)] {
                try await client.execute(
                    uri: "/v1/matches/corrections", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body)
                ) {
                    response in
                    #expect(response.status == .badRequest, "\(body.prefix(20))")
                    #expect(String(buffer: response.body).contains("malformed_correction"))
                }
            }
        }
    }

    @Test func healthAndMetrics() async throws {
        try await withApp { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            }
            _ = try await client.execute(uri: "/v1/rooms", method: .post) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(text.contains("simulcast_rooms_created_total 1"))
                #expect(text.contains("simulcast_rooms_active 0"))
                #expect(text.contains(#"simulcast_connections{role="listener"} 0"#))
            }
        }
    }
}
