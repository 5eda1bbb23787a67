import Hummingbird
import NIOCore
import Rooms

/// The request context of every route: Hummingbird's basics plus the peer's address, from
/// which `ClientAddress` is resolved (rate limits, token origins).
public struct SimulcastRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
