/// The live viewfinder's `SquareFraming`, shared by the threads that use it
/// (behind Core's `LockedValue`):
/// the front end zooms and pans it (main thread), the face analysis steers it
/// (its own thread), and the camera's viewfinder asks it for each frame's
/// square (a streaming thread), which is what moves it along in time.
///
/// The shutter keeps exactly the square the viewfinder showed last
/// (`shownSquare`), so the photo is what was on screen.
public final class LiveFraming: Sendable {
    private struct State {
        var framing: SquareFraming
        var lastFrame: ContinuousClock.Instant?
        var shown: (frameSize: PixelSize, square: PixelRect)?
        /// While held (a recording), the square stays where it is.
        var held = false
    }

    private let state: LockedValue<State>

    public init(_ framing: SquareFraming = SquareFraming()) {
        state = LockedValue(State(framing: framing))
    }

    /// The framing as it is now.
    public var framing: SquareFraming { state.withLock { $0.framing } }

    /// Changes the framing (zoom, pan, following); ignored while held.
    public func change(_ body: (inout SquareFraming) -> Void) {
        state.withLock { state in
            guard !state.held else { return }
            body(&state.framing)
        }
    }

    /// Moves the square by `offset` shares of its side, in the frame last
    /// shown (a drag across the viewfinder); ignored while held or following.
    public func pan(bySquareSides offset: Point2D) {
        state.withLock { state in
            guard !state.held, let shown = state.shown else { return }
            let side = Double(shown.square.width)
            state.framing.pan(by: Point2D(x: offset.x * side, y: offset.y * side), in: shown.frameSize)
        }
    }

    /// The square for a viewfinder frame of `frameSize` arriving `now`: the
    /// framing first moves along by the time since the previous frame.
    public func squareForFrame(of frameSize: PixelSize, at now: ContinuousClock.Instant = .now) -> PixelRect {
        state.withLock { state in
            if let last = state.lastFrame, !state.held {
                let elapsed = last.duration(to: now)
                // A gap (the camera paused, a restart) is not eased across in one bound.
                state.framing.advance(by: min(elapsed.inSeconds, 0.1))
            }
            state.lastFrame = now
            let square = state.framing.square(in: frameSize)
            state.shown = (frameSize, square)
            return square
        }
    }

    /// The square last shown for a frame of `frameSize`; before any was shown
    /// (or at another size), the framing's square for that size.
    public func shownSquare(in frameSize: PixelSize) -> PixelRect {
        state.withLock { state in
            if let shown = state.shown, shown.frameSize == frameSize { return shown.square }
            return state.framing.square(in: frameSize)
        }
    }

    /// Holds the square where it is (true) or lets it move again (false).
    public func hold(_ held: Bool) {
        state.withLock { state in
            state.held = held
            state.lastFrame = nil
        }
    }

    /// The size of the frame the viewfinder showed last; nil before the first.
    public var shownFrameSize: PixelSize? { state.withLock { $0.shown?.frameSize } }

    public var isHeld: Bool { state.withLock { $0.held } }
}
