import Dispatch

/// Looks once a second whether a live camera still sends frames: a source
/// that stops without an error (a hung driver or daemon; libcamerasrc 0.0.3
/// when its camera goes) must fail like one that reports it, so the app
/// says so instead of showing a frozen picture.
///
/// On a Dispatch queue, not in a task: a task pool kept busy (two cores,
/// blocking work elsewhere in the process) must not delay the one look that
/// notices a dead camera.
enum StallWatch {
    /// How old the latest frame may be: three frame intervals of the mode,
    /// and never less than 2 s (a webcam slows down in the dark).
    static func staleFrameLimit(framesPerSecond: Double) -> Duration {
        let threeFrames = framesPerSecond > 0 ? Duration.seconds(3 / framesPerSecond) : .zero
        return max(.seconds(2), threeFrames)
    }

    /// Runs `look` a second from now, and again a second after each look
    /// that returns true (keep watching).
    static func lookEverySecond(_ look: @escaping @Sendable () -> Bool) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) {
            if look() { lookEverySecond(look) }
        }
    }
}
