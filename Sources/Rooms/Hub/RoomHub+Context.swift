import Logging
import SimulcastCore

extension RoomHub {
    /// What every room shares. Sendable, so rooms use it without going through the hub.
    struct Context: Sendable {
        var store: any RoomStore
        var limits: ServerLimits
        var metrics: ServerMetrics
        var logger: Logger
        var clock: any LocalClock
        var codec: WireCodec
        /// How a committed state reaches a room's peers.
        var fanOut: any RoomFanOut
        /// This process's id in host claims and heartbeats.
        var node: String
        /// Other nodes share the store: they may follow service and storefront pairs this node does not see.
        var sharedStore: Bool
        var requestMatch: @Sendable (MatchCacheKey, TrackMetadata) -> Void
        /// A listener's requested song (its id on their service, their storefront) looked up
        /// and matched on the host's service.
        var lookUpRequest: @Sendable (_ trackId: String, _ service: MusicService, _ storefront: String, _ hostService: MusicService) async -> RequestedSong
        /// Which services are down, and whether a waiting track may go out as their probe.
        var outages: ServiceOutageBoard
        /// Song requests and +1s per address, shared by every room.
        var requestAllowances: RequestAllowances
        /// Called when a room's last connection leaves: the shutdown waits for it.
        var roomEmptied: @Sendable () -> Void
    }
}
