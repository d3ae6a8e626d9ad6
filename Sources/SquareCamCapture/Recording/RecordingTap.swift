import Dispatch
import SquareCamCore
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
    /// Buffers that reached the sound's encoder or the file's sink: with the
    /// frames encoded, while this grows after the end was asked for, the end is coming.
    private let advanced = Atomic<Int>(0)
    private struct Ending {
        var finished = false
        var waiter: CheckedContinuation<Bool, Never>?
    }
    private let ending = Mutex(Ending())
    private let hasMicrophone: Bool
    /// The longest the recording may be, in nanoseconds of stream time.
    private let limit: UInt64?
    private let onLimitReached: @Sendable () -> Void
    private struct Span {
        var firstPicture: UInt64?
        var limitReached = false
    }
    /// The end was asked for: no frame goes in after its end-of-stream. An
    /// atomic, not in `span`: the end is asked for on another thread, and a
    /// contended Swift Mutex is invisible to ThreadSanitizer (see
    /// harness/sanitizers/tsan-suppressions.txt).
    private let ended = Atomic(false)
    private let span = Mutex(Span())

    /// `maximumSeconds`: what comes later in the stream than that after the
    /// first frame is dropped, picture and sound alike, so the file holds
    /// exactly that however late the end arrives; `onLimitReached` hears it once.
    init(hasMicrophone: Bool, maximumSeconds: Double? = nil, onLimitReached: @escaping @Sendable () -> Void = {}) {
        self.hasMicrophone = hasMicrophone
        limit = maximumSeconds.map { UInt64(max(0, $0) * 1e9) }
        self.onLimitReached = onLimitReached
    }

    var statistics: RecordingStatistics {
        RecordingStatistics(framesOffered: offered.load(ordering: .relaxed), framesEncoded: encoded.load(ordering: .relaxed),
                            microphoneBuffers: heard.load(ordering: .relaxed))
    }

    /// Installs the counters and the end watch on `pipeline`'s recording branch.
    func attach(to pipeline: GStreamerPipeline) {
        // Before the queue's pad: once the end-of-stream is in, a frame
        // reaching that pad would get EOS back, and the camera's tee would
        // stop the camera with it (under load before the queue had drained).
        PadProbe.filterBuffers(in: pipeline, element: RecordingBranch.queueName, pad: "sink", beforeThePad: true) { [self] time in
            guard self.keepsPicture(at: time) else { return false }
            self.offered.add(1, ordering: .relaxed)
            return true
        }
        if hasMicrophone, limit != nil {
            PadProbe.filterBuffers(in: pipeline, element: RecordingBranch.audioQueueName, pad: "sink") { [self] time in
                self.keepsSound(at: time)
            }
        }
        PadProbe.filterBuffers(in: pipeline, element: RecordingBranch.encoderName, pad: "sink") { [self] time in
            self.encoded.add(1, ordering: .relaxed)
            self.noteEncoded(at: time)
            return true
        }
        PadProbe.onEveryBuffer(in: pipeline, element: RecordingBranch.microphoneQueueName, pad: "sink") { [self] in
            self.heard.add(1, ordering: .relaxed)
        }
        for element in [RecordingBranch.sinkName, RecordingBranch.audioEncoderName] {
            PadProbe.onEveryBuffer(in: pipeline, element: element, pad: "sink") { [self] in
                self.advanced.add(1, ordering: .relaxed)
            }
        }
        PadProbe.onEndOfStream(in: pipeline, element: RecordingBranch.sinkName, pad: "sink") { [weak self] in
            self?.markFinished()
        }
    }

    /// The span starts at the first frame the encoder gets, not the first
    /// offered: a starved machine can drop the first few in the queue
    /// between them, and the file is to hold `limit` from its own first frame.
    private func noteEncoded(at time: UInt64?) {
        guard let time else { return }
        span.withLock { span in
            if span.firstPicture == nil { span.firstPicture = time }
        }
    }

    private func keepsPicture(at time: UInt64?) -> Bool {
        guard !ended.load(ordering: .acquiring) else { return false }
        let (keep, reachedNow) = span.withLock { span -> (Bool, Bool) in
            guard let time else { return (!span.limitReached, false) }
            guard let limit, let first = span.firstPicture, time >= first &+ limit else { return (true, false) }
            defer { span.limitReached = true }
            return (false, !span.limitReached)
        }
        if reachedNow { onLimitReached() }
        return keep
    }

    private func keepsSound(at time: UInt64?) -> Bool {
        span.withLock { span in
            guard let limit, let time, let first = span.firstPicture else { return !span.limitReached }
            return time < first &+ limit
        }
    }

    /// Ends the recording: end-of-stream into the picture's branch and the
    /// sound's (after its mixer, so a silent microphone cannot hold it), then
    /// waits until the muxer has finished the file (index, sizes, duration).
    /// True when it did; false when nothing moved toward the file (into an
    /// encoder or the sink) for `stall`. A starved machine's encoders may
    /// still be working through what was queued long after the end was asked
    /// for: while they do it is waited for, since giving up would cut what
    /// the file should hold.
    func end(_ pipeline: GStreamerPipeline, stall: Duration = .seconds(10)) async -> Bool {
        if ending.withLock({ $0.finished }) { return true }
        ended.store(true, ordering: .releasing)
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
            giveUpUnlessMoving(since: progress, stall: stall)
        }
    }

    /// Buffers that have gone into the encoders or the sink so far.
    private var progress: Int { encoded.load(ordering: .relaxed) + advanced.load(ordering: .relaxed) }

    /// After `stall`: waits on while buffers moved toward the file meanwhile,
    /// else tells the waiter the end did not come.
    private func giveUpUnlessMoving(since count: Int, stall: Duration) {
        DispatchQueue.global().asyncAfter(deadline: .now() + stall.inSeconds) { [weak self] in
            guard let self else { return }
            let now = self.progress
            if now != count, self.ending.withLock({ $0.waiter != nil }) {
                self.giveUpUnlessMoving(since: now, stall: stall)
                return
            }
            self.ending.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: false)
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
