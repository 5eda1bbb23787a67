import SyncSimulator

/// One session's listening measured at the ear: Simulcast with its output-latency model, the
/// seed's method, and Simulcast again without the model (what the listeners would have heard).
struct AtTheEar {
    var simulcast: SyncMetrics
    var seed: SyncMetrics
    var uncompensated: SyncMetrics

    struct Report: Encodable {
        var simulcast: SyncMetrics.Report
        var seed: SyncMetrics.Report
        var uncompensatedSimulcast: SyncMetrics.Report
    }

    var report: Report { Report(simulcast: simulcast.report, seed: seed.report, uncompensatedSimulcast: uncompensated.report) }
}
