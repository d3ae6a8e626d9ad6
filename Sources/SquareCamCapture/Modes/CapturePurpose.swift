/// What a camera streams for, which decides the mode `CameraModeChooser` picks.
public enum CapturePurpose: Sendable, Hashable {
    /// A viewfinder people watch (the app): a smooth rate first, then resolution.
    case live
    /// One headless photo (`squarecam shoot`): resolution first, at any usable rate.
    case still
    /// A recording (`squarecam record`): a smooth rate, then the largest
    /// square, so 4:3 beats 16:9 of the same width (1280×960 gives 960²).
    case recording
    /// Frames for analysers only (`squarecam scan`): a smooth rate as for the
    /// viewfinder, so a code held up is seen at once; no viewfinder.
    case analysis
}
