import CJPEG

/// How much colour resolution a JPEG keeps.
public enum JPEGSubsampling: String, Sendable, Hashable, CaseIterable {
    /// Full colour resolution.
    case yuv444 = "444"
    /// Colour at half width.
    case yuv422 = "422"
    /// Colour at half width and half height: what cameras write.
    case yuv420 = "420"
    /// No colour at all.
    case gray

    /// The TurboJPEG constant.
    var turboJPEG: Int32 {
        switch self {
        case .yuv444: Int32(TJSAMP_444.rawValue)
        case .yuv422: Int32(TJSAMP_422.rawValue)
        case .yuv420: Int32(TJSAMP_420.rawValue)
        case .gray: Int32(TJSAMP_GRAY.rawValue)
        }
    }

    /// The subsampling of a TurboJPEG constant; `nil` for ones we never write (4:4:0, 4:1:1).
    init?(turboJPEG value: Int32) {
        switch value {
        case Int32(TJSAMP_444.rawValue): self = .yuv444
        case Int32(TJSAMP_422.rawValue): self = .yuv422
        case Int32(TJSAMP_420.rawValue): self = .yuv420
        case Int32(TJSAMP_GRAY.rawValue): self = .gray
        default: return nil
        }
    }
}
