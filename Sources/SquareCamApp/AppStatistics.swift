import Foundation
import SquareCamCore

/// Counters for the benchmark script: frames shown and dropped, shutter to
/// review latency. Printed on exit when `SQUARECAM_STATS=1`.
@MainActor
final class AppStatistics {
    private var liveSince: ContinuousClock.Instant?
    private var liveDuration: Duration = .zero
    private var framesAtLiveStart = 0
    private(set) var framesShownLive = 0
    private var shutterPressed: ContinuousClock.Instant?
    private(set) var shutterToReviewMilliseconds: [Double] = []

    /// The viewfinder started showing frames (`framesShown`: its count so far).
    func liveStarted(framesShown: Int) {
        guard liveSince == nil else { return }
        liveSince = .now
        framesAtLiveStart = framesShown
    }

    /// The viewfinder stopped (review, failure, exit).
    func liveStopped(framesShown: Int) {
        guard let since = liveSince else { return }
        liveDuration += ContinuousClock.now - since
        framesShownLive += framesShown - framesAtLiveStart
        liveSince = nil
    }

    func shutter() { shutterPressed = .now }

    func reviewShown() {
        guard let pressed = shutterPressed else { return }
        shutterToReviewMilliseconds.append((ContinuousClock.now - pressed).inMilliseconds)
        shutterPressed = nil
    }

    /// One line of `key=value` pairs.
    func report(received: Int, replaced: Int) -> String {
        let seconds = liveDuration.inSeconds
        let fps = seconds > 0 ? Double(framesShownLive) / seconds : 0
        let latencies = shutterToReviewMilliseconds.sorted()
        let median = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
        return String(format: "squarecam-stats live_seconds=%.2f frames_shown=%d fps_shown=%.2f frames_received=%d frames_replaced=%d shots=%d shutter_to_review_ms_median=%.1f shutter_to_review_ms_max=%.1f",
                      seconds, framesShownLive, fps, received, replaced, latencies.count, median, latencies.last ?? 0)
    }
}
