import Catalogs
import Crypto
import Foundation
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing

/// Every client, at trace level, through successes, retries and failures: no token, secret
/// or key may appear in any log line or error message.
@Suite(.serialized) struct SecretsInLogsTests {
    @Test func noSecretEverReachesTheLogs() async throws {
        let logs = CapturedLogs()
        var errors: [String] = []
        var secrets: [String] = ["client-secret-456"]

        // Spotify: app token, retries, a 401 recovery.
        let spotifyState = FakeServiceState(tracks: SpotifyClientTests.tracks)
        let accounts = FakeSpotifyAccounts(clientId: "client-id-123", clientSecret: "client-secret-456")
        errors += try await FakeServiceServer.run(FakeSpotify.router(state: spotifyState, accounts: accounts)) { base -> [String] in
            let clock = ImmediateClock()
            let tokens = SpotifyAppTokenProvider(
                clientId: "client-id-123", clientSecret: "client-secret-456", accountsURL: base, transport: NIOHTTPTransport.live, clock: clock,
                logger: logs.logger)
            let client = SpotifyClient(appTokens: tokens, apiURL: base, transport: NIOHTTPTransport.live, clock: clock, logger: logs.logger)
            _ = try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "us")
            await spotifyState.failNext(.status(429, retryAfter: 1))
            _ = try await client.search(term: "perfect", storefront: "us", limit: 5)
            await accounts.expireAccessTokens()
            _ = try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "us")
            await spotifyState.failNext(.status(500), times: 4)
            do { _ = try await client.track(id: "x", storefront: "us") } catch { return ["\(error)"] }
            return []
        }
        secrets += await accounts.issuedAccessTokens

        // Apple Music: developer tokens and a refused one.
        let key = P256.Signing.PrivateKey()
        let appleState = FakeServiceState(tracks: AppleMusicClientTests.tracks)
        let signer = try AppleMusicDeveloperToken(keyId: "KEYID12345", teamId: "TEAMID1234", pem: key.pemRepresentation)
        let provider = AppleMusicTokenProvider(signer: signer, clock: SystemClock())
        let router = FakeAppleMusic.router(
            state: appleState, publicKey: key.publicKey, keyId: "KEYID12345", teamId: "TEAMID1234", now: { Int64(Date().timeIntervalSince1970) })
        errors += try await FakeServiceServer.run(router) { base -> [String] in
            let client = AppleMusicClient(
                tokens: provider, baseURL: base, transport: NIOHTTPTransport.live, clock: ImmediateClock(), logger: logs.logger)
            _ = try await client.songs(isrc: AppleMusicClientTests.isrc, storefront: "us")
            await appleState.failNext(.status(401))
            do { _ = try await client.songs(isrc: AppleMusicClientTests.isrc, storefront: "us") } catch { return ["\(error)"] }
            return []
        }
        secrets.append(try await provider.token())
        secrets += key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)

        // A broken key file is reported without its contents.
        do { _ = try AppleMusicDeveloperToken(keyId: "K", teamId: "T", pem: "-----BEGIN PRIVATE KEY-----\nSECRETMATERIAL\n-----END PRIVATE KEY-----") } catch {
            errors.append("\(error)")
        }
        secrets.append("SECRETMATERIAL")

        let lines = logs.all
        #expect(lines.count >= 5, "the clients should have logged something at trace level")
        for secret in secrets where secret.count >= 8 {
            for line in lines + errors {
                #expect(!line.contains(secret), "a secret appears in: \(line.prefix(120))")
            }
        }
    }
}
