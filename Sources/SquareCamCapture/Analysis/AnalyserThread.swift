import Dispatch
import Synchronization

/// One analyser on a thread of its own, fed through a mailbox that holds one
/// frame: a frame offered while the analyser is busy replaces the one
/// waiting, so it always gets the newest and never falls behind.
final class AnalyserThread: Sendable {
    let analyser: FrameAnalyser

    private struct Mailbox {
        var frame: AnalysisFrame?
        var gate: AnalysisGate
        var stopped = false
    }

    private let mailbox: Mutex<Mailbox>
    /// Signalled when the mailbox gets a frame while empty, and to stop.
    private let wake = DispatchSemaphore(value: 0)

    init(_ analyser: FrameAnalyser) {
        self.analyser = analyser
        mailbox = Mutex(Mailbox(gate: AnalysisGate(framesPerSecond: analyser.framesPerSecond)))
        // A thread, not a Dispatch queue: an analysis may take longer than a
        // frame interval, and Dispatch's few shared threads serve the camera's timers.
        DedicatedThread.start(name: "sc-" + analyser.name) { [self] in run() }
    }

    /// Hands over `frame` unless the analyser had one too recently (its rate).
    func offer(_ frame: AnalysisFrame) {
        let wasEmpty = mailbox.withLock { box -> Bool in
            guard !box.stopped, box.frame != nil || box.gate.passes(at: frame.arrived) else { return false }
            defer { box.frame = frame }
            return box.frame == nil
        }
        if wasEmpty { wake.signal() }
    }

    /// Ends the thread once the analysis running now (if any) returns; frames waiting are dropped.
    func stop() {
        mailbox.withLock {
            $0.stopped = true
            $0.frame = nil
        }
        wake.signal()
    }

    private func run() {
        while true {
            wake.wait()
            let next = mailbox.withLock { box -> AnalysisFrame?? in
                if box.stopped { return .none }
                defer { box.frame = nil }
                return .some(box.frame)
            }
            guard let next else { return }
            if let frame = next { analyser.analyse(frame) }
        }
    }
}
