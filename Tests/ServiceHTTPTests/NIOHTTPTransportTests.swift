import Foundation
import Hummingbird
import NIOCore
import ServiceHTTP
import SimulcastTesting
import Testing

/// The live transport against loopback servers: what the services' clients rely on from it.
struct NIOHTTPTransportTests {
    /// Echoes what the request carried: method, target, body length and the headers asked for.
    static var echo: Router<BasicRequestContext> {
        let router = Router()
        router.on("/echo", method: .get) { request, _ in Self.describe(request, body: 0) }
        router.on("/echo", method: .put) { request, _ in Self.describe(request, body: 0) }
        router.on("/echo", method: .post) { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            return Self.describe(request, body: body.readableBytes)
        }
        router.get("/moved") { _, _ in Response(status: .found, headers: [.location: "/echo"]) }
        router.get("/big") { _, _ in
            // 3 MiB, in 64 KiB pieces.
            Response(
                status: .ok,
                body: ResponseBody(contentLength: 3 << 20) { writer in
                    for _ in 0..<48 { try await writer.write(ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)) }
                })
        }
        return router
    }

    static func describe(_ request: Request, body: Int) -> Response {
        let length = request.headers[.contentLength] ?? "none"
        let text = "\(request.method) \(request.uri) body=\(body) length=\(length) host=\(request.head.authority ?? "none")"
        return Response(status: .ok, headers: [.contentType: "text/plain", .init("X-Echo")!: "yes"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    @Test func aRequestCarriesItsMethodTargetBodyAndHostAndKeepsItsConnection() async throws {
        try await FakeServiceServer.run(Self.echo) { base in
            let transport = NIOHTTPTransport()
            let port = URL(string: base)!.port!
            let get = try await transport.send(TransportRequest(url: base + "/echo?q=a%20b&limit=5"))
            #expect(get.status == 200)
            #expect(String(decoding: get.body, as: UTF8.self) == "GET /echo?q=a%20b&limit=5 body=0 length=none host=127.0.0.1:\(port)")
            #expect(get.headers["x-echo"] == "yes", "header names arrive in lower case")
            #expect(transport.idleConnections == 1, "the connection is kept for the next request")

            let post = try await transport.send(TransportRequest(method: "POST", url: base + "/echo", body: Data("grant_type=x".utf8)))
            #expect(String(decoding: post.body, as: UTF8.self) == "POST /echo body=12 length=12 host=127.0.0.1:\(port)")
            // Spotify answers 411 to a PUT without a length.
            let put = try await transport.send(TransportRequest(method: "PUT", url: base + "/echo"))
            #expect(String(decoding: put.body, as: UTF8.self) == "PUT /echo body=0 length=0 host=127.0.0.1:\(port)")
        }
    }

    @Test func aRedirectIsAnswerNotFollowed() async throws {
        try await FakeServiceServer.run(Self.echo) { base in
            let answer = try await NIOHTTPTransport().send(TransportRequest(url: base + "/moved"))
            #expect(answer.status == 302)
            #expect(answer.headers["location"] == "/echo")
        }
    }

    @Test func aBodyOverTheCapIsAnErrorAndTheRestIsNotRead() async throws {
        try await FakeServiceServer.run(Self.echo) { base in
            let transport = NIOHTTPTransport(maximumBodyBytes: 1 << 20)
            await #expect(throws: HTTPConnectionError.bodyTooLarge(host: "127.0.0.1", limitBytes: 1 << 20)) {
                try await transport.send(TransportRequest(url: base + "/big"))
            }
            #expect(transport.idleConnections == 0)
        }
    }

    @Test func aKeptConnectionTheServiceClosedIsReplacedForARepeatableRequest() async throws {
        let server = try await OneAnswerServer()
        let transport = NIOHTTPTransport()
        let url = "http://127.0.0.1:\(server.port)/v1/me/player"
        for _ in 0..<3 {
            let answer = try await transport.send(TransportRequest(url: url))
            #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == "ok")
        }
        // A POST never rides a kept connection, so it never meets a closed one.
        let post = try await transport.send(TransportRequest(method: "POST", url: url, body: Data("x".utf8)))
        #expect(post.status == 200)
        #expect(server.connections >= 4)
        await server.stop()
    }

    @Test func aServiceThatIsNotThereOrAnAddressThatIsNotHTTPIsAClearError() async throws {
        let closedPort = try await OneAnswerServer()
        let port = closedPort.port
        await closedPort.stop()
        await #expect(throws: (any Error).self) { try await NIOHTTPTransport().send(TransportRequest(url: "http://127.0.0.1:\(port)/"), within: .seconds(5)) }
        do {
            _ = try await NIOHTTPTransport().send(TransportRequest(url: "ftp://example.com/file?token=secret"))
            Issue.record("an ftp address was sent")
        } catch let error as HTTPConnectionError {
            #expect(error == .invalidURL("ftp://example.com/file"))
            #expect(!error.description.contains("secret"), "the query (which can carry a secret) is not shown")
        }
    }
}
