/// One structure of a device's caps in plain values: what a camera can stream.
struct CapsDescription: Hashable, Sendable {
    /// A set of integers as caps give them: a list, or a range holding every
    /// `step`-th value from its lower bound (GStreamer's `[ min, max, step ]`).
    enum Integers: Hashable, Sendable {
        case values([Int])
        case range(ClosedRange<Int>, step: Int)
    }

    /// A set of frame rates as caps give them: a list, or a range.
    enum Rates: Hashable, Sendable {
        case values([FrameRate])
        case range(min: FrameRate, max: FrameRate)
    }

    /// "video/x-raw", "image/jpeg", "video/x-bayer", …
    var mediaType: String
    /// Raw formats offered ("YUY2", "NV12"); empty for compressed types.
    var formats: [String]
    var widths: Integers
    var heights: Integers
    var rates: Rates
}
