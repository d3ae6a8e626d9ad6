import SquareCamCodes
import SquareCamCore
import Synchronization

/// How a scan ended: the first of a code read, the time running out and the
/// camera failing wins; the others, which may still come from their threads, are ignored.
final class ScanOutcome: Sendable {
    enum Ending: Sendable {
        case read(ReadCode)
        case timedOut
        case cameraFailed(CameraFailure)
    }

    private struct State {
        var ending: Ending?
        var waiter: CheckedContinuation<Ending, Never>?
    }

    private let state = Mutex(State())

    /// Ends the scan with `ending`, unless it has ended already.
    func finish(_ ending: Ending) {
        let waiter = state.withLock { state -> CheckedContinuation<Ending, Never>? in
            guard state.ending == nil else { return nil }
            state.ending = ending
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: ending)
    }

    /// How it ended, once it has (one waiter).
    var ending: Ending {
        get async {
            await withCheckedContinuation { waiter in
                let ended = state.withLock { state -> Ending? in
                    if let ending = state.ending { return ending }
                    state.waiter = waiter
                    return nil
                }
                if let ended { waiter.resume(returning: ended) }
            }
        }
    }
}
