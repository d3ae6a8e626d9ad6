import SquareCamCore

/// Photos: the latest full-resolution frame, or the first after a moment.
extension GStreamerCamera {
    public func capturePhoto() async throws -> Frame {
        try await capturePhoto(layout: .i420)
    }

    /// The latest full-resolution frame in `layout`. `.i420` is full-range BT.601
    /// (JFIF) YCbCr, which the JPEG encoder compresses as it is; `.rgb`/`.rgba` are sRGB.
    /// `centreSquareOnly` copies just the frame's centre square (see `VideoSample.makeFrame`).
    public func capturePhoto(layout: Frame.Layout, centreSquareOnly: Bool = false) async throws -> Frame {
        try await capturePhoto(arrivedAfter: nil, layout: layout, centreSquareOnly: centreSquareOnly).frame
    }

    /// The first frame that arrived after `instant` (nil: the latest frame):
    /// the latest one if it did, else the next to come, waited for, not
    /// polled. A series of photos passes each one's shutter moment, so every
    /// photo is a new picture, never the previous frame again. A camera that
    /// stops sending frames meanwhile fails the wait (the stall watch), and
    /// so does `stop()`.
    public func capturePhoto(
        arrivedAfter instant: ContinuousClock.Instant?, layout: Frame.Layout, centreSquareOnly: Bool = false
    ) async throws -> CapturedFrame {
        let id = state.withLock { $0.frameWaiters.makeID() }
        let latest: LatestFrame = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: FrameWaiters<LatestFrame>.Continuation) in
                let ready = state.withLock { state -> Result<LatestFrame, any Error>? in
                    // A cancellation before this point found no waiter to remove.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guard state.phase == .live, let latest = state.latest else {
                        return .failure(state.lastFailure ?? notRunning)
                    }
                    // Between two looks of the stall watch (`watchForStalls`).
                    if let staleAge = state.staleAge { return .failure(stalled(for: staleAge)) }
                    guard let instant, latest.arrived <= instant else { return .success(latest) }
                    state.frameWaiters.add(id, after: instant, continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            state.withLock { $0.frameWaiters.remove(id) }?.resume(throwing: CancellationError())
        }
        return try still(of: latest, layout: layout, centreSquareOnly: centreSquareOnly)
    }

    private var notRunning: CameraFailure {
        .failed(camera: cameraDescription.name, detail: "it is not running: start the camera before taking a photo.")
    }

    private func still(of latest: LatestFrame, layout: Frame.Layout, centreSquareOnly: Bool) throws -> CapturedFrame {
        do {
            let frame = try latest.sample.makeFrame(layout: layout, centreSquareOnly: centreSquareOnly)
            return CapturedFrame(frame: frame, arrived: latest.arrived, timestamp: latest.sample.timestamp)
        } catch {
            throw CameraFailure.failed(camera: cameraDescription.name, detail: "its latest frame could not be read (\(error)).")
        }
    }
}
