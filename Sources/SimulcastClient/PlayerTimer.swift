/// Runs a player driver's action after a delay on the device's time: a page's `setTimeout`,
/// or the simulator's event loop (`SimulatedPlayerTimer`), so a driver that must act at an
/// instant (`YouTubeIFramePlayer`'s held seek) runs in virtual time as it would live.
public protocol PlayerTimer: Sendable {
    func run(after delay: Duration, _ action: @escaping @Sendable () async -> Void)
}
