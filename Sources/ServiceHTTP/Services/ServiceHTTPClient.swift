import CatalogCore
import Foundation
import Logging
import SimulcastCore

/// What every catalog client shares: pacing, retries with backoff, typed errors, logging
/// that shows paths and statuses but never headers (where tokens travel) or bodies.
public struct ServiceHTTPClient: Sendable {
    public let service: MusicService
    let transport: any HTTPTransport
    let pacer: RequestPacer?
    let retry: RetryPolicy
    /// What its pacing and deadlines read; callers stamp answers with it.
    public let clock: any LocalClock
    let logger: Logger
    let heldBack: @Sendable (MusicService, Double) -> Void

    public init(
        service: MusicService, transport: any HTTPTransport, pacer: RequestPacer?, retry: RetryPolicy = RetryPolicy(), policy: ServicePolicy = ServicePolicy(),
        clock: any LocalClock, logger: Logger
    ) {
        self.service = service
        self.transport = transport
        self.pacer = pacer
        var retry = retry
        retry.retryAfterCapSeconds = policy.retryAfterCapSeconds
        self.retry = retry
        self.heldBack = policy.heldBack
        self.clock = clock
        self.logger = logger
    }

    /// Sends with pacing and retries; returns the final response (any status) or throws
    /// `unreachable` / `rateLimited` when every attempt failed. Inside a lookup with a
    /// `LookupDeadline`, gives up as `unreachable` rather than wait or send past it.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var attempt = 0
        while true {
            attempt += 1
            try await acquireSlot()
            let response: TransportResponse
            do {
                response = try await transport.send(request, within: LookupDeadline.remaining)
            } catch {
                logger.warning("request failed", metadata: ["service": "\(service)", "path": "\(Self.path(of: request.url))", "attempt": "\(attempt)"])
                guard attempt < retry.maximumAttempts else {
                    throw CatalogServiceError.unreachable(service, detail: Self.shortDescription(of: error))
                }
                try await wait(retry.delay(afterAttempt: attempt, retryAfter: nil, jitter: Double.random(in: 0...1)))
                continue
            }
            logger.debug("response", metadata: ["service": "\(service)", "path": "\(Self.path(of: request.url))", "status": "\(response.status)"])
            guard retry.shouldRetry(status: response.status) else { return response }
            let retryAfter = RetryPolicy.retryAfterSeconds(response.headers["retry-after"])
            if let retryAfter, response.status == 429 || response.status == 403 {
                let honoured = retry.honoured(retryAfter: retryAfter)
                logger.warning(
                    "rate limited; holding requests back",
                    metadata: ["service": "\(service)", "asked": "\(retryAfter) s", "holding": "\(honoured) s", "path": "\(Self.path(of: request.url))"])
                await pacer?.holdOff(until: clock.now().advanced(byMilliseconds: honoured * 1000))
                heldBack(service, honoured)
            }
            guard attempt < retry.maximumAttempts else {
                if response.status == 429 { throw CatalogServiceError.rateLimited(service, retryAfterSeconds: retryAfter) }
                return response
            }
            logger.notice("retrying", metadata: ["service": "\(service)", "status": "\(response.status)", "attempt": "\(attempt)"])
            try await wait(retry.delay(afterAttempt: attempt, retryAfter: retryAfter, jitter: Double.random(in: 0...1)))
        }
    }

    /// Decodes a JSON body, mapping failure to a typed error that names the field, not the value.
    public func decode<T: Decodable>(_ type: T.Type, from response: TransportResponse) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch let error as DecodingError {
            throw CatalogServiceError.malformedResponse(service, detail: Self.describe(error))
        } catch {
            throw CatalogServiceError.malformedResponse(service, detail: "not JSON")
        }
    }

    /// Maps the usual error statuses; returns normally for 2xx.
    public func check(_ response: TransportResponse) throws {
        switch response.status {
        case 200..<300: return
        case 401: throw CatalogServiceError.unauthorized(service)
        case 403: throw CatalogServiceError.forbidden(service)
        case 404: throw CatalogServiceError.notFound(service)
        case 429: throw CatalogServiceError.rateLimited(service, retryAfterSeconds: RetryPolicy.retryAfterSeconds(response.headers["retry-after"]))
        default: throw CatalogServiceError.unexpectedStatus(service, status: response.status)
        }
    }

    /// Waits for the pacer, unless the lookup's deadline has passed or the pacer's next free
    /// slot is past it.
    private func acquireSlot() async throws {
        if LookupDeadline.remaining == .zero { throw pastDeadline }
        guard let pacer else { return }
        let latest = LookupDeadline.remaining.map { clock.now().advanced(by: $0) }
        guard try await pacer.acquire(notAfter: latest) else {
            throw CatalogServiceError.unreachable(service, detail: "held back past the lookup's deadline (rate limited earlier)")
        }
    }

    /// Waits before a retry, unless the retry would come after the lookup's deadline.
    private func wait(_ seconds: Double) async throws {
        if let remaining = LookupDeadline.remaining, Duration.milliseconds(seconds * 1000) >= remaining { throw pastDeadline }
        try await clock.sleep(until: clock.now().advanced(byMilliseconds: seconds * 1000))
    }

    private var pastDeadline: CatalogServiceError { .unreachable(service, detail: "no answer before the lookup's deadline") }

    static func path(of url: String) -> String {
        guard let components = URLComponents(string: url) else { return "?" }
        return components.path
    }

    static func shortDescription(of error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(path(context).isEmpty ? "" : path(context) + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "invalid value at \(path(context))"
        @unknown default: return "invalid"
        }
    }
}
