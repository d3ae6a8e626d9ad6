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
    /// Frames per second a still needs at least: slower modes make the
    /// shutter wait (vivid's 3840x2160 runs at 2 fps), so they come last.
    static let stillMinimumFramesPerSecond = 5.0

    /// The best mode for `purpose`. `.live`: the largest short side at ≥ 24 fps
    /// (then ≥ 15 fps, then any), raw formats over MJPEG at equal size and rate.
    /// `.still`: the largest short side at ≥ 5 fps (any rate when none is that
    /// fast), raw over MJPEG at equal size, then the faster rate up to 30.
    /// A `requested` mode the camera offers wins; one it does not offer falls
    /// back to the offered mode nearest to it.
    ///
    /// A camera whose caps are ranges with no sensor behind them (PipeWire's
    /// videotestsrc: any size) is offered sizes only up to Full HD by
    /// `CameraModeExpansion`, so this same ranking gives it 1920x1080 at 30
    /// rather than the largest size a scaler would accept.
    public static func choose(
        from modes: [CameraMode], requested: CameraMode? = nil, purpose: CapturePurpose = .live
    ) -> CameraMode? {
        let usable = modes.filter { !CameraModeFormat.infrared.contains($0.format) }
        guard !usable.isEmpty else { return nil }
        if let requested {
            return usable.min { distance($0, to: requested) < distance($1, to: requested) }
        }
        switch purpose {
        // The live ranking already puts the short side (the square) before the area.
        case .live, .recording, .analysis: return usable.max { liveRank($0) < liveRank($1) }
        case .still: return usable.max { stillRank($0) < stillRank($1) }
        }
    }

    /// Larger is better; compared lexicographically.
    private static func liveRank(_ mode: CameraMode) -> (Int, Int, Int, Double, Int, Double) {
        let tier = mode.framesPerSecond >= 24 ? 2 : (mode.framesPerSecond >= 15 ? 1 : 0)
        // Above 30 fps more frames buy nothing for a photo and cost CPU, so
        // rates are compared only up to 30, and then the lower rate wins.
        return (tier, mode.size.shortSide, mode.size.area, min(mode.framesPerSecond, 30),
                formatScore(mode), -mode.framesPerSecond)
    }

    /// Larger is better: resolution decides, the rate only has to keep the shutter quick.
    /// A rate of 0 means the provider does not say (libcamera): counted as fast enough.
    private static func stillRank(_ mode: CameraMode) -> (Int, Int, Int, Int, Double, Double) {
        let rate = mode.framesPerSecond
        let fastEnough = rate == 0 || rate >= stillMinimumFramesPerSecond ? 1 : 0
        return (fastEnough, mode.size.shortSide, mode.size.area, formatScore(mode), min(rate, 30), -rate)
    }

    private static func formatScore(_ mode: CameraMode) -> Int {
        CameraModeFormat.preferredRaw.contains(mode.format) ? 2 : (mode.format == CameraModeFormat.motionJPEG ? 1 : 0)
    }

    /// How far an offered mode is from a requested one: size first, then rate, then format.
    private static func distance(_ mode: CameraMode, to requested: CameraMode) -> (Int, Double, Int) {
        let sizeDistance = abs(mode.size.width - requested.size.width) + abs(mode.size.height - requested.size.height)
        let rateDistance = abs(mode.framesPerSecond - requested.framesPerSecond)
        let formatDistance = mode.format == requested.format ? 0 : 1
        return (sizeDistance, rateDistance, formatDistance)
    }
}
