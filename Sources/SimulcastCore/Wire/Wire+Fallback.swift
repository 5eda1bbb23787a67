extension Wire {
    /// The service a listener takes a song from when their own service lacks it (`listener.fallback`):
    /// the room then matches its songs to that service for them too. Absent or null: none.
    public struct Fallback: Hashable, Codable, Sendable {
        public var service: MusicService?

        public init(service: MusicService?) { self.service = service }
    }
}
