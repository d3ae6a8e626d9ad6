/// How often a frame may pass: at most once per `interval`, none while the
/// interval is nil. The analysis branch's probe asks it for every frame the
/// camera sends; each analyser's own mailbox asks another one.
struct AnalysisGate: Sendable {
    var interval: Duration?
    private var lastPassed: ContinuousClock.Instant?

    init(framesPerSecond: Double?) {
        interval = framesPerSecond.flatMap(Self.interval(framesPerSecond:))
    }

    /// The time between two frames at `framesPerSecond`; nil for none.
    static func interval(framesPerSecond: Double) -> Duration? {
        framesPerSecond > 0 ? .seconds(1 / framesPerSecond) : nil
    }

    /// Whether a frame arriving `now` passes; if it does, the next must wait a whole interval.
    mutating func passes(at now: ContinuousClock.Instant) -> Bool {
        guard let interval else { return false }
        // A frame a little early still passes: frames come every 33 ms at
        // 30 fps, and 5 a second must not become 4 because one came 1 ms short.
        if let lastPassed, lastPassed.duration(to: now) < interval - Self.slack(of: interval) { return false }
        lastPassed = now
        return true
    }

    private static func slack(of interval: Duration) -> Duration {
        min(interval / 10, .milliseconds(10))
    }
}
