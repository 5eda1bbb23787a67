/// How close to the host a listener must be to count as "in sync": one figure for the presence
/// list, the pages' status and meter (handed to them as `inSyncMs`) and the simulator's reports.
/// A correction policy acts on a tighter figure of its own, so that the status holds.
public enum InSync {
    public static let thresholdMs = 50.0

    public static func holds(errorMs: Double) -> Bool { abs(errorMs) <= thresholdMs }
}
