import Foundation

/// `callgrind_control` for one process under callgrind: zero its counters, or dump them to the
/// next numbered file beside its output and read that back.
final class CallgrindControl {
    let pid: Int32
    /// The `--callgrind-out-file` pattern the process was started with (`%p` for its id).
    let output: String
    private var dumps = 0

    init(pid: Int32, output: String) {
        self.pid = pid
        self.output = output
    }

    func zero() throws {
        try ExternalTool.run("callgrind_control", ["--zero", "\(pid)"])
    }

    /// Callgrind writes dump n to `<output>.n` before `callgrind_control` returns.
    func dump(_ reason: String) throws -> CallgrindProfile {
        try ExternalTool.run("callgrind_control", ["--dump=\(reason)", "\(pid)"])
        dumps += 1
        return try CallgrindProfile(contentsOf: output.replacingOccurrences(of: "%p", with: "\(pid)") + ".\(dumps)")
    }
}
