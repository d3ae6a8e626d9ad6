import SquareCamCore
import Synchronization

/// The analysers attached to one camera, and the gate of its analysis
/// branch, which lets through as many frames a second as the most eager of
/// them wants (none when there is none). They outlive pipelines: a camera
/// started again feeds the same analysers.
final class FrameAnalysers: Sendable {
    private let threads = Mutex<[String: AnalyserThread]>([:])
    private let gate = Mutex(AnalysisGate(framesPerSecond: nil))

    deinit {
        for thread in threads.withLock({ $0.values }) { thread.stop() }
    }

    /// Attaches `analyser`, replacing (and stopping) one of the same name.
    func set(_ analyser: FrameAnalyser) {
        let replaced = threads.withLock { threads in
            defer { threads[analyser.name] = AnalyserThread(analyser) }
            return threads[analyser.name]
        }
        replaced?.stop()
        updateGate()
    }

    /// Detaches the analyser named `name`; it finishes the frame it is on.
    func remove(named name: String) {
        threads.withLock { $0.removeValue(forKey: name) }?.stop()
        updateGate()
    }

    private func updateGate() {
        let fastest = threads.withLock { $0.values.map(\.analyser.framesPerSecond).max() }
        let rate = fastest.map { min($0, AnalysisBranch.maximumFramesPerSecond) }
        gate.withLock { $0.interval = rate.flatMap(AnalysisGate.interval(framesPerSecond:)) }
    }

    /// Whether a frame reaching the branch now goes on to be scaled (the probe's question).
    func admitsFrame(at now: ContinuousClock.Instant) -> Bool {
        gate.withLock { $0.passes(at: now) }
    }

    /// Offers a scaled frame to every analyser.
    func deliver(_ frame: AnalysisFrame) {
        for thread in threads.withLock({ Array($0.values) }) { thread.offer(frame) }
    }
}
