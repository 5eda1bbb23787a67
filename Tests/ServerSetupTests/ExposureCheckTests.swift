import ServerSetup
import SimulcastServer
import Testing

/// Issue 32: serve warns at start when friends' browsers could not play through it.
@Suite struct ExposureCheckTests {
    @Test(
        arguments: [
            ("127.0.0.1", false, [String](), 0),
            ("localhost", false, [], 0),
            ("0.0.0.0", false, [], 1),  // every interface, plain http, no https front
            ("192.168.1.20", false, [], 1),
            ("0.0.0.0", true, [], 0),  // its own certificate
            ("0.0.0.0", false, ["https://listen.example.com"], 0),  // a proxy serves https
            ("0.0.0.0", false, ["http://192.168.1.20:8080"], 2),  // an http public origin, said too
            ("127.0.0.1", false, ["http://listen.example.com"], 1),
        ] as [(String, Bool, [String], Int)])
    func warnsWhenPagesCouldNotPlay(hostname: String, tls: Bool, origins: [String], warnings: Int) {
        var server = ServerConfiguration(hostname: hostname)
        server.web.publicOrigins = origins
        if tls { server.tls = TLSFiles(certificatePath: "c.pem", keyPath: "k.pem") }
        let said = ExposureCheck.warnings(server)
        #expect(said.count == warnings, "\(said)")
        for warning in said { #expect(warning.contains("https") || warning.contains("HTTPS")) }
    }
}
