import SimulcastCore

/// A CLI host whose player Simulcast cannot add to (a script, MPRIS, a recognised sound): an
/// accepted song request is printed for the host to queue by hand, and the room is told so
/// (its status `failed`, with these words), never that it was queued.
struct PrintedRequests: HostQueue {
    func add(_ track: TrackMetadata) async throws(HostQueueRefusal) {
        let link = TrackLink.url(for: track, storefront: "us").map { " \($0)" } ?? ""
        print("song request accepted: \(track.displayName)\(link) (add it to your player's queue)")
        throw HostQueueRefusal("the host's player takes no songs from Simulcast; the host was shown it to add by hand")
    }
}
