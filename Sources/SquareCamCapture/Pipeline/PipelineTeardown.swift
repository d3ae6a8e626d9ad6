import Dispatch

/// Where camera pipelines and recording branches are stopped: one serial
/// queue, never a streaming thread (stopping a pipeline joins its threads,
/// so a streaming thread that stopped its own pipeline would wait on itself).
enum PipelineTeardown {
    private static let queue = DispatchQueue(label: "squarecam.camera.teardown")

    /// Detaches `pipeline` from its camera and stops it — unless it streamed
    /// through a PipeWire connection that has died: then it is parked, never
    /// stopped (see `ParkedPipelines`). Returns once that has run.
    static func tearDown(_ pipeline: GStreamerPipeline, remote: PipeWireRemote?) async {
        await afterQueued { stop(pipeline, remote: remote) }
    }

    /// `tearDown`, queued now and run in order with the others.
    static func enqueue(_ pipeline: GStreamerPipeline, remote: PipeWireRemote?) {
        queue.async { stop(pipeline, remote: remote) }
    }

    /// Removes a recording branch from its running pipeline, in order with
    /// the stops queued before it; returns once it is out.
    static func remove(_ branch: LiveBranch) async {
        await afterQueued { branch.remove() }
    }

    /// `remove`, queued without waiting.
    static func enqueueRemoval(of branch: LiveBranch) {
        queue.async { branch.remove() }
    }

    /// Returns once every stop queued so far has run: after it, no element
    /// of theirs writes to a recording's file any more.
    static func afterQueuedWork() async {
        await afterQueued {}
    }

    /// Runs `work` on the queue after what is queued, and returns once it has.
    private static func afterQueued(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                work()
                done.resume()
            }
        }
    }

    private static func stop(_ pipeline: GStreamerPipeline, remote: PipeWireRemote?) {
        AppSink.stopDelivering(from: pipeline, sinkNamed: PipelineDescription.stillSinkName)
        AppSink.stopDelivering(from: pipeline, sinkNamed: PipelineDescription.viewfinderSinkName)
        AppSink.stopDelivering(from: pipeline, sinkNamed: AnalysisBranch.sinkName)
        PipelineBus.unwatch(pipeline)
        if let remote, remote.isHungUp {
            pipeline.shutDown(keeping: PipelineDescription.pipeWireSourceName)
            ParkedPipelines.park(pipeline)
        } else {
            pipeline.shutDown()
        }
    }
}
