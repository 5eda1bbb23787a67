import Catalogs
import Crypto
import Foundation
import ServiceHTTP

/// Verifies an Apple Music developer token the way Apple describes it.
public enum DeveloperTokenCheck {
    public struct Decoded: Sendable {
        public var header: [String: String]
        public var claims: [String: Any] { (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any] ?? [:] }
        let claimsData: Data
    }

    /// Splits and decodes a JWT without checking it.
    public static func decode(_ token: String) -> Decoded? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: String]
        else { return nil }
        return Decoded(header: header, claimsData: claimsData)
    }

    public static func isValid(_ token: String, publicKey: P256.Signing.PublicKey, keyId: String, teamId: String, now: Int64) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let decoded = decode(token), let signatureData = Base64URL.decode(parts[2]),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData)
        else { return false }
        guard decoded.header["alg"] == "ES256", decoded.header["kid"] == keyId else { return false }
        let claims = decoded.claims
        guard claims["iss"] as? String == teamId, let iat = (claims["iat"] as? NSNumber)?.int64Value, let exp = (claims["exp"] as? NSNumber)?.int64Value,
            exp > now, iat <= now + 60, exp - iat <= 15_777_000
        else { return false }
        return publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
    }
}
