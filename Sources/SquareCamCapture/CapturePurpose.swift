/// What a camera streams for, which decides the mode `CameraModeChooser` picks.
public enum CapturePurpose: Sendable, Hashable {
    /// A viewfinder people watch (the app): a smooth rate first, then resolution.
    case live
    /// One headless photo (`squarecam shoot`): resolution first, at any usable rate.
    case still
}
