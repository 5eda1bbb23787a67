import Catalogs
import Crypto
import Foundation
import ServiceHTTP

/// Whether the MusicKit key will make developer tokens Apple accepts: an ES256 key on P-256
/// (a `.p8` file), its Key ID and the Team ID, and a token minted with them whose header and
/// claims are the ones Apple documents (`alg`, `kid`; `iss`, `iat`, `exp`, `origin`), signed so
/// that the key's public half verifies it.
public enum AppleKeyCheck {
    public struct Input: Sendable {
        public var keyId: String?
        public var teamId: String?
        public var keyFile: String?
        public var pem: String?
        public var origins: [String]
        public var now: Date

        public init(keyId: String?, teamId: String?, keyFile: String?, pem: String?, origins: [String], now: Date) {
            self.keyId = keyId
            self.teamId = teamId
            self.keyFile = keyFile
            self.pem = pem
            self.origins = origins
            self.now = now
        }
    }

    static let name = "apple music key"
    static let download = "download the MusicKit key (.p8) from developer.apple.com → Certificates, Identifiers & Profiles → Keys"

    public static func judge(_ input: Input) -> DoctorCheck {
        guard input.keyId != nil || input.teamId != nil || input.keyFile != nil || input.pem != nil else {
            return DoctorCheck(name, .skip, "no MusicKit key: Apple Music listeners are not offered")
        }
        var pem = input.pem
        if let file = input.keyFile {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                return DoctorCheck(name, .fail, "cannot read \(file)", fix: "check the path in apple-music-key-file and that this user can read it")
            }
            pem = text
        }
        guard let pem else { return DoctorCheck(name, .fail, "a key id or team id is set but no key", fix: "set apple-music-key-file; " + download) }
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            let curve =
                (try? P384.Signing.PrivateKey(pemRepresentation: pem)) != nil
                ? "a P-384 key" : (try? P521.Signing.PrivateKey(pemRepresentation: pem)) != nil ? "a P-521 key" : "not a PKCS#8 EC private key"
            return DoctorCheck(name, .fail, "the key is \(curve); MusicKit signs with ES256, a P-256 key", fix: download)
        }
        guard let keyId = input.keyId, !keyId.isEmpty else {
            return DoctorCheck(
                name, .fail, "apple-music-key-id is not set",
                fix: "set apple-music-key-id to the 10-character Key ID shown beside the key in your Apple developer account")
        }
        guard let teamId = input.teamId, !teamId.isEmpty else {
            return DoctorCheck(
                name, .fail, "apple-music-team-id is not set",
                fix: "set apple-music-team-id to your 10-character Team ID (Membership details in your Apple developer account)")
        }
        let token: String
        do {
            let signer = try AppleMusicDeveloperToken(keyId: keyId, teamId: teamId, pem: pem)
            token = try signer.mint(
                issuedAt: Int64(input.now.timeIntervalSince1970), lifetimeSeconds: 1800, origins: input.origins.isEmpty ? nil : input.origins)
        } catch {
            return DoctorCheck(name, .fail, "no token could be made: \(error)", fix: download)
        }
        if let problem = problem(in: token, keyId: keyId, teamId: teamId, origins: input.origins, key: key.publicKey, now: input.now) {
            return DoctorCheck(name, .fail, "a minted token is wrong: \(problem)", fix: "report this: the token does not follow Apple's documented format")
        }
        let shaped = [keyId, teamId].allSatisfy { $0.count == 10 && $0.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) } }
        let detail =
            "ES256 key \(keyId) of team \(teamId); a token's header (alg, kid) and claims (iss, iat, exp\(input.origins.isEmpty ? "" : ", origin")) are as Apple documents"
        guard shaped else {
            return DoctorCheck(
                name, .warn, detail + ", but the ids are not 10 capital letters and digits",
                fix: "copy the Key ID and Team ID exactly as your Apple developer account shows them")
        }
        return DoctorCheck(name, .pass, detail)
    }

    /// What is wrong with a token, or nil: its parts decoded, its claims compared, its signature verified.
    static func problem(in token: String, keyId: String, teamId: String, origins: [String], key: P256.Signing.PublicKey, now: Date) -> String? {
        let parts = token.split(separator: ".")
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
            let signatureData = Base64URL.decode(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any]
        else { return "it is not three base64url parts of JSON" }
        guard header["alg"] as? String == "ES256" else { return "alg is not ES256" }
        guard header["kid"] as? String == keyId else { return "kid is not the key id" }
        guard claims["iss"] as? String == teamId else { return "iss is not the team id" }
        guard let issued = (claims["iat"] as? NSNumber)?.int64Value, let expires = (claims["exp"] as? NSNumber)?.int64Value else {
            return "iat or exp is missing"
        }
        guard abs(Double(issued) - now.timeIntervalSince1970) < 60 else { return "iat is not now" }
        guard expires > issued, expires - issued <= AppleMusicDeveloperToken.maximumLifetimeSeconds else { return "exp is not within six months of iat" }
        if !origins.isEmpty, (claims["origin"] as? [String]) != origins { return "origin is not the public origins" }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else { return "the signature does not verify" }
        return nil
    }
}
