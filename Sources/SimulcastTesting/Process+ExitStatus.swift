import Foundation

extension Process {
    /// Waits for the program to end and returns its exit status. Reaps it itself:
    /// Foundation's reaping can miss a child whose own children double-fork (pg_ctl, nginx),
    /// leaving `waitUntilExit` waiting on a zombie.
    public func waitForExitStatus() -> Int32 {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(processIdentifier, &status, WNOHANG)
            if reaped == processIdentifier { return (status >> 8) & 0xff }
            if reaped < 0 || !isRunning { return isRunning ? -1 : terminationStatus }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
