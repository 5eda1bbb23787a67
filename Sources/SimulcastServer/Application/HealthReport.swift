/// `GET /healthz?verbose=true`: what a browser's page depends on, as the server sees it for
/// the request that asks. `simulcast doctor` reads it through the public origin, so a proxy
/// that does not pass on `X-Forwarded-Proto` (or is not a trusted proxy) shows up here.
struct HealthReport {
    var requestSecure: Bool
    var publicOrigins: [String]
    var tlsServed: Bool
    var appleMusic: Bool
    var spotifyLogin: Bool
    var hostingOffered: Bool

    func checks() -> [Components.Schemas.HealthCheck] {
        let httpsOrigins = publicOrigins.map(WebOrigin.normalise).filter { $0.hasPrefix("https://") }
        var checks: [Components.Schemas.HealthCheck] = []
        checks.append(
            .init(
                name: .requestHttps, ok: requestSecure,
                detail: requestSecure
                    ? "This request came over https."
                    : "This request came over plain http. Behind a proxy, set trusted-proxy to its address so its X-Forwarded-Proto is believed."))
        checks.append(
            .init(
                name: .publicOrigin, ok: !httpsOrigins.isEmpty,
                detail: httpsOrigins.isEmpty
                    ? "No https public-origin is set: links and QR codes can only use the address a request came to."
                    : "Links and QR codes use \(httpsOrigins[0])."))
        let canPlay = !httpsOrigins.isEmpty || requestSecure
        checks.append(
            .init(
                name: .pagesCanPlay, ok: canPlay,
                detail: canPlay
                    ? "Pages opened over https are a secure context: the players (EME), the microphone and the wake lock work."
                    : "Pages served over plain http to other machines cannot play: serve https (tls-certificate) or put Caddy in front."))
        checks.append(
            .init(
                name: .tls, ok: tlsServed || !httpsOrigins.isEmpty,
                detail: tlsServed
                    ? "This server serves its own certificate; renewed files are picked up without a restart."
                    : "This server speaks plain http: a proxy in front must serve https."))
        checks.append(
            .init(
                name: .appleMusic, ok: appleMusic,
                detail: appleMusic ? "Apple Music listeners are offered (a MusicKit key is set)." : "No MusicKit key is set: Apple Music is not offered."))
        checks.append(
            .init(
                name: .spotifyLogin, ok: spotifyLogin,
                detail: spotifyLogin
                    ? "Spotify listeners log in with the server's Spotify app."
                    : "No spotify-web-client-id is set: Spotify listeners cannot log in."))
        checks.append(
            .init(
                name: .hosting, ok: hostingOffered,
                detail: hostingOffered ? "Rooms can be started from the browser with Spotify." : "Starting a room with Spotify from the browser is not offered."
            ))
        return checks
    }
}
