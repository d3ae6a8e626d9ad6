import SquareCamCore

/// Turning and mirroring the camera's pixel buffers: the preview mirrors a
/// front camera the way a mirror would, the photo never is mirrored and is
/// turned upright by the angle AVFoundation's rotation coordinator gives.
public enum CaptureRotation {
    /// Whether the preview shows the camera mirrored: only a camera that
    /// looks at the user, so moving left moves the picture left.
    public static func previewIsMirrored(_ facing: CameraFacing) -> Bool {
        facing == .front
    }

    /// The nearest quarter turn, 0, 90, 180 or 270, for a clockwise angle
    /// in degrees as `AVCaptureDevice.RotationCoordinator` reports it
    /// (`videoRotationAngleForHorizonLevelCapture`); a non-finite angle is 0.
    public static func quarterTurn(clockwiseDegrees angle: Double) -> Int {
        guard angle.isFinite else { return 0 }
        let turns = Int((angle / 90).rounded()) % 4
        return (turns + 4) % 4 * 90
    }

    /// How the stored buffer must be turned for the photo to stand upright
    /// (never mirrored: a front camera's photo shows the scene as it is).
    public static func photoOrientation(clockwiseDegrees angle: Double) -> Orientation {
        Orientation(clockwiseRotationDegrees: quarterTurn(clockwiseDegrees: angle), mirrored: false)
    }
}
