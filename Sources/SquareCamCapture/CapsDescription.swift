/// One structure of a device's caps in plain values: what a camera can stream.
struct CapsDescription: Hashable, Sendable {
    /// A set of integers as caps give them: a list, or a range.
    enum Integers: Hashable, Sendable {
        case values([Int])
        case range(ClosedRange<Int>)
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
