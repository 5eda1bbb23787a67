import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// An app token from the client-credentials flow, for catalog calls (no user involved).
public actor SpotifyAppTokenProvider {
    let clientId: String
    let clientSecret: String
    let accountsURL: String
    let http: ServiceHTTPClient
    let clock: any LocalClock
    private var current: (token: String, expiresAt: LocalTime)?

    public init(
        clientId: String, clientSecret: String, accountsURL: String = "https://accounts.spotify.com", transport: any HTTPTransport,
        policy: ServicePolicy = ServicePolicy(), clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.accountsURL = accountsURL
        self.clock = clock
        self.http = ServiceHTTPClient(service: .spotify, transport: transport, pacer: nil, policy: policy, clock: clock, logger: logger)
    }

    public func token() async throws -> String {
        let now = clock.now()
        if let current, current.expiresAt.advanced(by: -60_000_000) > now { return current.token }
        let basic = Data("\(clientId):\(clientSecret)".utf8).base64EncodedString()
        let request = TransportRequest(
            method: "POST", url: try ServiceURL.make(accountsURL, path: "/api/token"),
            headers: [("Authorization", "Basic \(basic)"), ("Content-Type", "application/x-www-form-urlencoded")],
            body: FormEncoding.encode([("grant_type", "client_credentials")])
        )
        let response = try await http.send(request)
        if response.status == 400 || response.status == 401 { throw CatalogServiceError.unauthorized(.spotify) }
        try http.check(response)
        let decoded = try http.decode(SpotifyTokenResponse.self, from: response)
        current = (decoded.accessToken, now.advanced(by: .seconds(decoded.expiresIn)))
        return decoded.accessToken
    }

    public func invalidate() { current = nil }
}
