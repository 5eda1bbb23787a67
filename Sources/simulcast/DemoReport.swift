import Foundation

/// The demo's closing summary, for people.
enum DemoReport {
    static func print(_ summary: DemoSummary) {
        Swift.print(
            "\nSummary (sync error at the ear = what the listener hears minus what the host hears, through each one's true output latency, from 3 s after each track start or host action)"
        )
        for listener in summary.listeners {
            Swift.print("\n\(listener.service)/\(listener.storefront)")
            for track in listener.tracks {
                let title = "\(track.sourceArtist) - \(track.sourceTitle)".prefix(50).padding(toLength: 50, withPad: " ", startingAt: 0)
                if let id = track.matchedId {
                    let errors = track.syncErrorMs.map { String(format: "p50 %5.1f ms  p95 %5.1f ms  max %5.1f ms", $0.p50, $0.p95, $0.max) } ?? "no samples"
                    let following = track.followingRatio.map { String(format: "  following %3.0f%%", $0 * 100) } ?? ""
                    Swift.print("  \(title) → \(id.padding(toLength: 11, withPad: " ", startingAt: 0)) \(errors)\(following)")
                } else {
                    Swift.print("  \(title) → no match: \(track.reason ?? "")")
                }
            }
        }
        if let restart = summary.serverRestartedAtSeconds {
            Swift.print(String(format: "\nThe server was restarted %.1f s into the script; everyone reconnected on their own.", restart))
        }
        Swift.print(String(format: "Finished in %.1f s.", summary.durationSeconds))
    }
}
