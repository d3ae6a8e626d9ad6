import SquareCamCore

/// A photo's pixels with when its frame came, so a series can tell its frames apart.
public struct CapturedFrame: Sendable {
    public let frame: Frame
    /// When the frame reached SquareCam.
    public let arrived: ContinuousClock.Instant
    /// The frame's own timestamp, from the source (running time on the
    /// pipeline's clock); nil when the source stamps none.
    public let timestamp: Duration?
}
