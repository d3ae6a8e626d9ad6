/// Photos waiting for a frame newer than a moment (`GStreamerCamera.capturePhoto(arrivedAfter:)`):
/// the streaming thread hands each new frame to those it is new enough for,
/// so nobody polls. Kept inside the camera's lock; resumed outside it.
struct FrameWaiters<Value> {
    typealias Continuation = CheckedContinuation<Value, any Error>

    private var waiting: [Int: (after: ContinuousClock.Instant, continuation: Continuation)] = [:]
    private var lastID = 0

    /// A number for the next waiter, known before it is added, so a cancellation can name it.
    mutating func makeID() -> Int {
        lastID += 1
        return lastID
    }

    mutating func add(_ id: Int, after instant: ContinuousClock.Instant, _ continuation: Continuation) {
        waiting[id] = (instant, continuation)
    }

    /// The waiter `id`, removed; nil when it was already resumed.
    mutating func remove(_ id: Int) -> Continuation? {
        waiting.removeValue(forKey: id)?.continuation
    }

    /// Removes and returns those waiting for a frame that arrived after their moment, given one that arrived `arrived`.
    /// Runs for every frame: nothing to do is the usual case, and closures,
    /// not key paths (`\.continuation` on this generic tuple was looked up by
    /// the runtime, demangling included, on every call).
    mutating func takeSatisfied(byFrameArrivedAt arrived: ContinuousClock.Instant) -> [Continuation] {
        guard !waiting.isEmpty else { return [] }
        let ready = waiting.filter { $0.value.after < arrived }
        for id in ready.keys { waiting[id] = nil }
        return ready.values.map { $0.continuation }
    }

    /// Removes and returns every waiter (the camera stopped or failed).
    mutating func takeAll() -> [Continuation] {
        defer { waiting = [:] }
        return waiting.values.map { $0.continuation }
    }
}
