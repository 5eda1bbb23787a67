import Foundation

/// What `setup` tells the operator to do outside this machine's files: register the redirect
/// URI with Spotify, put Caddy in front, open the firewall, start and check the server.
public enum SetupInstructions {
    /// The README's Caddyfile with the origin's name and the server's port filled in.
    public static func caddyfile(for answers: SetupAnswers) throws -> String {
        guard let url = Bundle.module.url(forResource: "Caddyfile", withExtension: nil) else { throw CocoaError(.fileNoSuchFile) }
        let template = try String(contentsOf: url, encoding: .utf8)
        let (host, port) = OriginCheck.hostAndPort(answers.origin) ?? ("listen.example.com", 443)
        let site = port == 443 ? host : "\(host):\(port)"
        return template.replacingOccurrences(of: "listen.example.com", with: site).replacingOccurrences(
            of: "{$SIMULCAST_PORT:8080}", with: "{$SIMULCAST_PORT:\(answers.port)}")
    }

    public static func text(_ answers: SetupAnswers, configPath: String, keyId: String) throws -> String {
        var lines = ["Wrote \(configPath) (mode 600) and the secrets key \(answers.secretsKeyFile) (key id \(keyId)).", ""]
        if answers.spotifyWebClientId != nil {
            lines += [
                "1. In your Spotify app (developer.spotify.com → Dashboard → your app → Settings → Redirect URIs), add:",
                "     \(answers.origin)/r/callback",
                "   While the app is in development mode, add each listener's Spotify e-mail under User Management.", "",
            ]
        } else {
            lines += ["1. Spotify listeners need a Spotify app: make one at developer.spotify.com and run setup again with its client id.", ""]
        }
        let (_, originPort) = OriginCheck.hostAndPort(answers.origin) ?? ("", 443)
        switch answers.front {
        case .caddy:
            lines += ["2. Caddy in front (apt install caddy; this goes in /etc/caddy/Caddyfile, then systemctl reload caddy):", ""]
            lines += try caddyfile(for: answers).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "     " + $0 }
            let ports = originPort == 443 ? "80 and 443" : "80 and \(originPort)"
            lines += ["3. Firewall: open TCP \(ports) (e.g. ufw allow 80,443/tcp). Keep \(answers.port) closed: only Caddy reaches it.", ""]
        case .builtin:
            let redirect = answers.redirectPort.map { " and \($0)" } ?? ""
            lines += [
                "2. serve answers HTTPS itself on port \(answers.port). After a renewal it picks the new files up by itself;",
                "   systemctl reload simulcast (SIGHUP) makes it look at once.", "",
                "3. Firewall: open TCP \(answers.port)\(redirect) (e.g. ufw allow \(answers.port)/tcp).", "",
            ]
        }
        lines += [
            "4. Start it: systemctl enable --now simulcast (the archive's unit), or: simulcast serve --config \(configPath)",
            "5. Check it: simulcast doctor --config \(configPath)",
            "6. Share \(answers.origin): friends start or join rooms there.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
