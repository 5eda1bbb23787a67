import SimulcastCore

/// When hosts agreeing on a correction make it every room's answer, by a rule one client
/// cannot meet cheaply. Before, the hosts of 3 different rooms were enough, and one client
/// made a wrong match global in 0.92 s by creating 3 rooms of its own. Now each of the 3 must
/// vouch (its room at least an hour old, with a listener, when the correction was made) and
/// come from a different client network (`NetworkPrefix`): a would-be vandal needs three
/// networks and three rooms an hour old with listeners in them. An operator's correction
/// needs none of this.
public struct CorrectionPromotion: Hashable, Sendable {
    /// Vouching corrections from this many different rooms and networks make one global.
    public var agreeing = 3
    public var minimumRoomAge: Duration = .seconds(3_600)
    public var minimumListeners = 1

    public init() {}

    /// Whether a host's correction made now in a room created at `roomCreatedAt`, with
    /// `listeners` listening, may count toward promotion.
    public func vouches(roomCreatedAt: ServerTime, listeners: Int, at now: ServerTime) -> Bool {
        listeners >= minimumListeners && roomCreatedAt.advanced(by: minimumRoomAge) <= now
    }

    /// Whether `corrections` (host corrections to the same target, the new one included)
    /// promote it: enough of them vouch from pairwise different rooms and networks.
    public func promotes(_ corrections: [StoredCorrection]) -> Bool {
        var rooms: Set<String> = []
        var networks: Set<String> = []
        for correction in corrections where correction.byHost {
            guard let network = correction.vouchingNetwork, !rooms.contains(correction.room), !networks.contains(network) else { continue }
            rooms.insert(correction.room)
            networks.insert(network)
        }
        return rooms.count >= agreeing
    }
}
