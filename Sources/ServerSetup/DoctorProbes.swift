import Foundation
import RoomStorage
import ServiceHTTP

/// What `doctor` asks of the world: the origin, the certificate it serves, the ports, the
/// database. The live probes (`LiveDoctorProbes`) ask for real; the checks judge the answers.
public protocol DoctorProbes: Sendable {
    /// `GET <origin>/healthz?verbose=true`.
    func health(origin: String) async -> HealthAnswer
    /// The leaf certificate `host:port` serves for `host`.
    func servedCertificate(host: String, port: Int) async throws -> CertificateFacts
    /// Whether `host:port` can be bound, and if not, whether a Simulcast server holds it.
    func port(host: String, port: Int, tls: Bool) async -> PortState
    func schema(database: String, password: String?) async throws -> DatabaseSchema.Reading
    /// The key ids the database's hosted logins were sealed with.
    func sealedKeyIds(database: String, password: String?) async throws -> Set<String>
    /// One `videos.list` call with the key (1 quota unit): nil when it works, else why not.
    func youtubeKeyProblem(baseURL: String, key: String) async -> CatalogServiceError?
    func now() -> Date
}

public enum HealthAnswer: Sendable, Equatable {
    /// The server answered; `requestSecure`: whether it saw the request as https (nil: it did not say).
    case answered(status: Int, requestSecure: Bool?, date: Date?)
    case unreachable(String)
}

public enum PortState: Sendable, Equatable {
    case free
    case simulcast
    case taken
}
