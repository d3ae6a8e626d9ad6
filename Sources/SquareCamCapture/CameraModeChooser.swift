import SquareCamCore

/// Format names used in `CameraMode.format` beyond GStreamer's raw formats.
public enum CameraModeFormat {
    /// Motion JPEG (GStreamer's `image/jpeg`), decoded with jpegdec.
    public static let motionJPEG = "MJPG"
    /// Raw formats GStreamer converts cheaply; preferred over MJPEG at equal size and rate.
    static let preferredRaw: Set<String> = ["I420", "NV12", "YUY2", "YV12", "NV21", "UYVY"]
    /// Infrared and depth sensors deliver these; a photo camera never does.
    static let infrared: Set<String> = ["GRAY8", "GRAY16_LE", "GRAY16_BE", "GREY", "Y8", "Y16", "Z16"]
}

/// Picks the mode to stream from what a camera offers.
public enum CameraModeChooser {
    /// The best mode: the largest short side at ≥ 24 fps (then ≥ 15 fps, then any),
    /// full HD and up preferred, raw formats over MJPEG at equal size and rate.
    /// A `requested` mode the camera offers wins; one it does not offer falls
    /// back to the offered mode nearest to it.
    public static func choose(from modes: [CameraMode], requested: CameraMode? = nil) -> CameraMode? {
        let usable = modes.filter { !CameraModeFormat.infrared.contains($0.format) }
        guard !usable.isEmpty else { return nil }
        if let requested {
            return usable.min { distance($0, to: requested) < distance($1, to: requested) }
        }
        return usable.max { rank($0) < rank($1) }
    }

    /// Larger is better; compared lexicographically.
    private static func rank(_ mode: CameraMode) -> (Int, Int, Int, Double, Int, Double) {
        let tier = mode.framesPerSecond >= 24 ? 2 : (mode.framesPerSecond >= 15 ? 1 : 0)
        let formatScore = CameraModeFormat.preferredRaw.contains(mode.format)
            ? 2 : (mode.format == CameraModeFormat.motionJPEG ? 1 : 0)
        // Above 30 fps more frames buy nothing for a photo and cost CPU, so
        // rates are compared only up to 30, and then the lower rate wins.
        return (tier, mode.size.shortSide, mode.size.area, min(mode.framesPerSecond, 30),
                formatScore, -mode.framesPerSecond)
    }

    /// How far an offered mode is from a requested one: size first, then rate, then format.
    private static func distance(_ mode: CameraMode, to requested: CameraMode) -> (Int, Double, Int) {
        let sizeDistance = abs(mode.size.width - requested.size.width) + abs(mode.size.height - requested.size.height)
        let rateDistance = abs(mode.framesPerSecond - requested.framesPerSecond)
        let formatDistance = mode.format == requested.format ? 0 : 1
        return (sizeDistance, rateDistance, formatDistance)
    }
}
