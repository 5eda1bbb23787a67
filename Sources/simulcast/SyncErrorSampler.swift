import Foundation
import SimulcastClient
import SimulcastCore

/// Measures, from outside, how far what each listener hears is from what the host hears at the
/// same true instant: at the ear, each player's position an output latency (the true one, not
/// the estimate the session aims by) after it. Samples count from 3 s after each track start
/// or other host action (a seek, a resume), while the host plays: the listener cannot know of
/// an action before it happens, and its ear hears its own seek an output latency late.
actor SyncErrorSampler {
    struct TrackRecord {
        var source: TrackMetadata
        var match: MatchResult?
        var errorsMs: [Double] = []
        var notFollowing = 0
    }

    struct ListenerProbe: Sendable {
        var service: MusicService
        var storefront: String
        var session: ListenerSession
        var player: SimulatedPlayer
        var output: SimulatedOutput
    }

    let host: HostSession
    let hostOutput: SimulatedOutput
    let listeners: [ListenerProbe]
    let trueClock: any LocalClock
    let settleMicros: Int64 = 3_000_000
    private var records: [[TrackRecord]]
    private var hostTrackId: String?
    private var settlingSince: Int64 = 0
    private var hostLastAction: LocalAnchor?

    init(host: HostSession, hostOutput: SimulatedOutput, listeners: [ListenerProbe], trueClock: any LocalClock) {
        self.host = host
        self.hostOutput = hostOutput
        self.listeners = listeners
        self.trueClock = trueClock
        self.records = listeners.map { _ in [] }
    }

    func sample() async {
        let hostNow = await host.currentPosition()
        let now = trueClock.now().micros
        guard let track = hostNow.track else { return }
        if track.id != hostTrackId {
            hostTrackId = track.id
            settlingSince = now
            for index in records.indices { records[index].append(TrackRecord(source: track)) }
        }
        let playback = await host.playback
        if playback.anchor != hostLastAction {
            hostLastAction = playback.anchor
            settlingSince = now
        }
        for (index, probe) in listeners.enumerated() {
            let status = await probe.session.status()
            if status.sourceTrack?.id == track.id, let match = status.match {
                records[index][records[index].count - 1].match = match
            }
            guard hostNow.playing, now - settlingSince >= settleMicros,
                let match = records[index].last?.match, match.isMatched, let matched = match.track
            else { continue }
            let heard = await probe.player.heard(at: now, outputLatencyMs: probe.output.trueMs)
            if heard.trackId == matched.id {
                // The host, 3 s into a track, hears its player's position an output latency ago.
                records[index][records[index].count - 1].errorsMs.append(heard.positionMs - (hostNow.positionMs - hostOutput.trueMs))
            } else {
                records[index][records[index].count - 1].notFollowing += 1
            }
        }
    }

    func summary(durationSeconds: Double, restartedAt: Double?) -> DemoSummary {
        let listenerSummaries = zip(listeners, records).map { probe, tracks in
            DemoSummary.Listener(
                service: probe.service.rawValue,
                storefront: probe.storefront,
                tracks: tracks.map { record in
                    let samples = record.errorsMs.count + record.notFollowing
                    let matched = record.match?.isMatched == true ? record.match?.track : nil
                    return DemoSummary.Track(
                        sourceTitle: record.source.title,
                        sourceArtist: record.source.artists.first ?? "",
                        matchedId: matched?.id,
                        matchedTitle: matched?.title,
                        matchMethod: record.match?.method,
                        reason: matched == nil ? (record.match?.reasons.last ?? "not matched in time") : nil,
                        samples: samples,
                        followingRatio: matched == nil || samples == 0 ? nil : Double(record.errorsMs.count) / Double(samples),
                        syncErrorMs: Self.stats(record.errorsMs)
                    )
                }
            )
        }
        return DemoSummary(listeners: listenerSummaries, durationSeconds: durationSeconds, serverRestartedAtSeconds: restartedAt)
    }

    /// Percentiles of absolute error (nearest rank), rounded to 0.1 ms.
    static func stats(_ errors: [Double]) -> DemoSummary.ErrorStats? {
        guard !errors.isEmpty else { return nil }
        let percentiles = Percentiles(errors.map(abs))
        func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        return DemoSummary.ErrorStats(p50: tenths(percentiles.at(0.5)), p95: tenths(percentiles.at(0.95)), max: tenths(percentiles.at(1)))
    }

    /// Table rows for the live view.
    func rows() async -> [String] {
        var lines: [String] = []
        for probe in listeners {
            let status = await probe.session.status()
            let service = "\(probe.service.rawValue)/\(probe.storefront)".padding(toLength: 16, withPad: " ", startingAt: 0)
            let title = (status.sourceTrack?.displayName ?? "-").prefix(44).padding(toLength: 44, withPad: " ", startingAt: 0)
            let match: String
            if let result = status.match {
                match = result.isMatched ? (result.track?.id ?? "") : "no match: \(result.reasons.last ?? result.status.rawValue)"
            } else {
                match = status.sourceTrack == nil ? "-" : "matching…"
            }
            let follow: String
            if case .following(let error) = status.follow {
                follow = String(format: "%+7.1f ms", error)
            } else {
                follow = status.follow.description
            }
            lines.append("\(service) \(title) \(match.prefix(36).padding(toLength: 36, withPad: " ", startingAt: 0)) \(follow)")
        }
        return lines
    }
}
