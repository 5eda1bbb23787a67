import Foundation
import SimulcastCore

/// One fuzz input through everything the server does with a client's frame before it
/// touches I/O: decode, validate (hello, host.state, listener.report), apply to a room
/// state, prune, re-encode. Built with `-DFUZZING` under libFuzzer (`scripts/fuzz.sh`);
/// otherwise a replayer: `fuzz-wire FILE...` runs saved inputs (the corpus, crash repros).
func exerciseWire(_ data: [UInt8]) {
    let codec = WireCodec()
    guard let message = try? codec.decode(Data(data)) else { return }
    let limits = WireLimits.standard
    let now = ServerTime(micros: 1_795_372_805_000_000)
    var state = RoomState.empty(at: now)
    switch message {
    case .hello(let hello):
        _ = limits.problem(with: hello, services: [.spotify, .appleMusic, .deezer, .localFiles])
        _ = RoomCode.normalise(hello.room)
        if let storefront = hello.storefront { _ = Storefront.normalise(storefront, for: hello.service) }
    case .hostState(let snapshot):
        // Also on the far ends of the clock: the arithmetic must saturate, not trap.
        for clock in [now, ServerTime(micros: .min), ServerTime(micros: .max)] { _ = limits.problem(with: snapshot, now: clock) }
        guard limits.problem(with: snapshot, now: now) == nil else { return }
        state = state.applying(snapshot)
        for source in state.tracksNeedingMatch(service: .appleMusic, storefront: "us") {
            _ = state.setMatch(.notFound(method: MatchMethod(.simulcast), reasons: []), for: source, service: .appleMusic, storefront: "us")
        }
        state.retainMatches(for: [ServiceMatchKey(service: .appleMusic, storefront: "us")])
        _ = state.targetPositionMs(atServerTime: ServerTime(micros: .max))
        _ = state.targetPositionMs(atServerTime: ServerTime(micros: .min))
        // A state built from accepted input must be sendable: a failure is the fuzzer's finding.
        precondition((try? codec.encode(.roomState(state))) != nil, "an accepted snapshot made an unencodable state")
    case .listenerReport(let report):
        for clock in [now, ServerTime(micros: .min), ServerTime(micros: .max)] { _ = limits.problem(with: report, now: clock) }
    default:
        precondition((try? codec.encode(message)) != nil, "a decoded message could not be encoded again")
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        exerciseWire(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    @main
    enum FuzzWireReplay {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                exerciseWire(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }
    }
#endif
