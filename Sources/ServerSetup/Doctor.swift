import Catalogs
import Foundation
import ServerHosting
import ServiceHTTP
import SimulcastCore
import SimulcastServer

/// `simulcast doctor`: checks the settings `serve` would run with against the world, each
/// with a pass or a failure and its fix. It changes nothing: no database is migrated, no key
/// is made.
public struct Doctor: Sendable {
    let settings: ServeSettings
    let configPath: String?
    let probes: any DoctorProbes

    public init(settings: ServeSettings, configPath: String?, probes: any DoctorProbes) {
        self.settings = settings
        self.configPath = configPath
        self.probes = probes
    }

    public func run() async -> DoctorReport {
        let server = settings.server
        let now = probes.now()
        var checks = [
            DoctorCheck("config", .pass, configPath.map { "\($0) (the environment and flags over it)" } ?? "no file: the environment and defaults")
        ]
        let origins = server.web.publicOrigins.map(WebOrigin.normalise)
        checks.append(OriginCheck.judge(origins))
        let secureOrigin = origins.first { $0.hasPrefix("https://") }

        // The origin, as a friend's browser reaches it.
        var reference: Date?
        if let origin = secureOrigin {
            switch await probes.health(origin: origin) {
            case .answered(let status, let secure, let date):
                reference = date
                if status != 200 {
                    checks.append(
                        DoctorCheck(
                            "reachable", .fail, "\(origin)/healthz answered HTTP \(status)",
                            fix: "check that the proxy passes requests to serve (reverse_proxy)"))
                } else if secure == false {
                    checks.append(
                        DoctorCheck(
                            "reachable", .fail, "\(origin)/healthz answers, but serve saw the request as plain http",
                            fix: "set trusted-proxy to the proxy's address (127.0.0.1 for Caddy on this machine) so its X-Forwarded-Proto is believed"))
                } else {
                    checks.append(DoctorCheck("reachable", .pass, "\(origin)/healthz answers over https"))
                }
            case .unreachable(let why):
                checks.append(
                    DoctorCheck(
                        "reachable", .fail, "cannot reach \(origin)/healthz: \(why)",
                        fix: "is serve running (and Caddy, if it is in front)? Does the name's DNS point at this machine, and do ports 80 and 443 reach it?"))
            }
        } else {
            checks.append(DoctorCheck("reachable", .skip, "no https public origin to reach"))
        }

        checks.append(await certificate(origin: secureOrigin, now: now))
        checks.append(
            AppleKeyCheck.judge(
                .init(
                    keyId: settings.catalog.appleMusicKeyId, teamId: settings.catalog.appleMusicTeamId, keyFile: settings.catalog.appleMusicKeyFile,
                    pem: settings.catalog.appleMusicPrivateKey, origins: origins, now: now)))
        checks.append(spotify(origin: secureOrigin))
        checks.append(await youtube())
        checks.append(await database())
        let hosting = server.web.spotifyClientId != nil
        let sealedWith = try? await probes.sealedKeyIds(database: settings.database, password: settings.databasePassword)
        checks.append(
            hosting
                ? SecretsKeyCheck.judge(path: settings.secretsKeyFile, inspection: SecretsKey.inspect(path: settings.secretsKeyFile), sealedWith: sealedWith)
                : DoctorCheck("secrets key", .skip, "not used: rooms are not hosted from the browser without spotify-web-client-id"))
        checks.append(ClockCheck.judge(now: now, reference: reference, referenceName: secureOrigin ?? "the origin"))
        checks.append(await port(host: server.hostname, port: server.port, tls: server.tls != nil, what: "port"))
        if let redirect = server.httpRedirectPort { checks.append(await port(host: server.hostname, port: redirect, tls: false, what: "redirect port")) }
        return DoctorReport(checks: checks)
    }

    func certificate(origin: String?, now: Date) async -> DoctorCheck {
        let host = origin.flatMap(OriginCheck.hostAndPort)?.host ?? settings.server.hostname
        if let files = settings.server.tls {
            do { _ = try TLSContextStore(files: files) } catch {
                return DoctorCheck("certificate", .fail, error.description, fix: "give serve a PEM certificate chain and its own key")
            }
            guard let leaf = try? NIOSSLCertificateReader.leaf(path: files.certificatePath) else {
                return DoctorCheck("certificate", .fail, "cannot read \(files.certificatePath)")
            }
            return CertificateCheck.judge(leaf, host: host, now: now, source: files.certificatePath)
        }
        guard let origin, let (host, port) = OriginCheck.hostAndPort(origin) else {
            return DoctorCheck("certificate", .skip, "serve has no certificate and there is no https origin to look at")
        }
        do {
            let facts = try await probes.servedCertificate(host: host, port: port)
            return CertificateCheck.judge(facts, host: host, now: now, source: "the certificate \(origin) serves")
        } catch {
            return DoctorCheck(
                "certificate", .fail, "no certificate could be read from \(host):\(port): \(error)",
                fix: "is Caddy (or serve with a certificate) listening there?")
        }
    }

    func spotify(origin: String?) -> DoctorCheck {
        let catalog = settings.catalog
        if catalog.spotifyClientId != nil, catalog.spotifyClientSecret == nil {
            return DoctorCheck(
                "spotify", .fail, "spotify-client-id is set without its secret: Spotify's catalog cannot be read",
                fix: "set spotify-client-secret-file to a file holding the app's client secret (0600)")
        }
        guard let clientId = settings.server.web.spotifyClientId else {
            return DoctorCheck("spotify", .skip, "no spotify-web-client-id: Spotify listeners cannot log in, and rooms cannot be hosted from the browser")
        }
        let redirect = (origin ?? "https://<your origin>") + "/r/callback"
        return DoctorCheck(
            "spotify", .pass, "listeners log in with app \(clientId); its Redirect URIs (developer.spotify.com → your app → Settings) must list \(redirect)")
    }

    /// YouTube for listeners without a subscription: the Data API key answers one call.
    func youtube() async -> DoctorCheck {
        let catalog = settings.catalog
        guard catalog.live, let key = catalog.youtubeAPIKey, !key.isEmpty else {
            if let file = catalog.offlineFiles[.youtube] { return DoctorCheck("youtube", .pass, "matched from the offline catalog \(file)") }
            return DoctorCheck(
                "youtube", .skip, "no youtube-api-key: listeners without Apple Music or Spotify Premium cannot play on YouTube",
                fix: "set youtube-api-key-file to a file holding a YouTube Data API v3 key (console.cloud.google.com, free)")
        }
        guard let problem = await probes.youtubeKeyProblem(baseURL: catalog.youtubeURL, key: key) else {
            return DoctorCheck("youtube", .pass, "the YouTube Data API key works (one videos.list call, 1 of the day's quota units)")
        }
        let fix =
            switch problem {
            case .unauthorized: "the key is not valid: copy it again from console.cloud.google.com → APIs & Services → Credentials"
            case .notConfigured: "enable \"YouTube Data API v3\" for the key's project, and allow this server in the key's restrictions"
            case .quotaSpent: "the day's quota is spent; it returns at midnight Pacific time (or ask Google for more)"
            default: "check that this machine reaches \(catalog.youtubeURL)"
            }
        return DoctorCheck("youtube", .fail, "\(problem)", fix: fix)
    }

    func database() async -> DoctorCheck {
        do {
            let reading = try await probes.schema(database: settings.database, password: settings.databasePassword)
            return SchemaCheck.judge(reading, location: DatabaseLocation.describe(settings.database))
        } catch {
            return DoctorCheck("database", .fail, "\(error)", fix: "check the database setting, that the server is up, and the user's password")
        }
    }

    func port(host: String, port: Int, tls: Bool, what: String) async -> DoctorCheck {
        switch await probes.port(host: host, port: port, tls: tls) {
        case .free: return DoctorCheck(what, .pass, "\(host):\(port) is free for serve")
        case .simulcast: return DoctorCheck(what, .pass, "\(host):\(port) is held by a running simulcast server")
        case .taken:
            return DoctorCheck(
                what, .fail, "\(host):\(port) is taken by another program",
                fix: "stop it (ss -ltnp shows which), or choose another port (and Caddy's reverse_proxy with it)")
        }
    }
}
