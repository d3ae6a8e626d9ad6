import Dispatch
import Synchronization

/// What a recording branch did: frames offered, frames encoded, how it ended.
public struct RecordingStatistics: Sendable, Hashable {
    /// Frames the camera gave the recording branch.
    public var framesOffered: Int
    /// Frames that reached the encoder; the others were dropped while it was behind.
    public var framesEncoded: Int
    /// Buffers of sound the microphone gave; 0 while it is silent (or there is none).
    public var microphoneBuffers: Int
    public var droppedFrames: Int { max(0, framesOffered - framesEncoded) }
}

/// Watches one recording branch of a running pipeline: counts its frames,
/// ends it with end-of-stream (only that branch: the viewfinder streams on)
/// and hears when the muxer has written its last byte.
final class RecordingTap: Sendable {
    private let offered = Atomic<Int>(0)
    private let encoded = Atomic<Int>(0)
    private let heard = Atomic<Int>(0)
    private struct Ending {
        var finished = false
        var waiter: CheckedContinuation<Bool, Never>?
    }
    private let ending = Mutex(Ending())
    private let hasMicrophone: Bool

    init(hasMicrophone: Bool) {
        self.hasMicrophone = hasMicrophone
    }

    var statistics: RecordingStatistics {
        RecordingStatistics(framesOffered: offered.load(ordering: .relaxed), framesEncoded: encoded.load(ordering: .relaxed),
                            microphoneBuffers: heard.load(ordering: .relaxed))
    }

    /// Installs the counters and the end watch on `pipeline`'s recording branch.
    func attach(to pipeline: GStreamerPipeline) {
        PadProbe.onEveryBuffer(in: pipeline, element: RecordingBranch.queueName, pad: "sink") { [self] in
            self.offered.add(1, ordering: .relaxed)
        }
        PadProbe.onEveryBuffer(in: pipeline, element: RecordingBranch.encoderName, pad: "sink") { [self] in
            self.encoded.add(1, ordering: .relaxed)
        }
        PadProbe.onEveryBuffer(in: pipeline, element: RecordingBranch.microphoneQueueName, pad: "sink") { [self] in
            self.heard.add(1, ordering: .relaxed)
        }
        PadProbe.onEndOfStream(in: pipeline, element: RecordingBranch.sinkName, pad: "sink") { [weak self] in
            self?.markFinished()
        }
    }

    /// Ends the recording: end-of-stream into the picture's branch and the
    /// sound's (after its mixer, so a silent microphone cannot hold it), then waits (at most `timeout`) until the muxer has
    /// finished the file (index, sizes, duration). True when it did.
    func end(_ pipeline: GStreamerPipeline, timeout: Duration = .seconds(5)) async -> Bool {
        if ending.withLock({ $0.finished }) { return true }
        _ = PadProbe.sendEndOfStream(in: pipeline, element: RecordingBranch.queueName, pad: "sink")
        if hasMicrophone { _ = PadProbe.sendEndOfStream(in: pipeline, element: RecordingBranch.audioQueueName, pad: "sink") }
        return await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
            let finished = ending.withLock { state -> Bool in
                if state.finished { return true }
                state.waiter = waiter
                return false
            }
            if finished {
                waiter.resume(returning: true)
                return
            }
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                self?.ending.withLock { state in
                    defer { state.waiter = nil }
                    return state.waiter
                }?.resume(returning: false)
            }
        }
    }

    private func markFinished() {
        ending.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: true)
    }
}
