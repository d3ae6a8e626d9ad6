import SquareCamCore

/// The square of `--mode smart` and `--mode face`: the faces when there are
/// any (FaceFraming); otherwise SmartCropScorer's square (smart) or a
/// failure (face).
enum FaceFirstSquare {
    /// The square of a picture of `fullSize` (upright), judged on
    /// `facePreview` (the same picture upright, ideally about
    /// `FaceDetector.workingLongSide` on its long side). `scorerPreview`
    /// gives the scorer's picture when no face is found (the face preview
    /// itself, or a smaller one: the scorer's cost grows with its pixels).
    /// `threads` 2 searches on two threads (`CropOptions.usesSecondThread`).
    static func square(
        facePreview: Frame, fullSize: PixelSize, mode: CropOptions.Mode, threads: Int = 1,
        scorerPreview: () throws(ImagingError) -> Frame
    ) throws(ImagingError) -> PixelRect {
        let faces = FaceDetector.faces(in: facePreview, threads: threads).map {
            DetectedFace(rect: $0.rect.scaled(from: facePreview.size, to: fullSize), score: $0.score)
        }
        if !faces.isEmpty { return FaceFraming.square(holding: faces, in: fullSize) }
        guard mode != .face else { throw .noFace }
        return SmartCropScorer.bestSquare(preview: try scorerPreview(), fullSize: fullSize)
    }

    /// The JPEG DCT scale (in eighths) whose decode is the smallest still at
    /// least the detector's working size on its long side (1/8 for a 12 MP
    /// photo: 504 pixels): a smaller preview would lose faces the detector
    /// finds at that size.
    static func previewScaleEighths(forLongSide longSide: Int) -> Int {
        for eighths in [1, 2, 4] where longSide * eighths >= FaceDetector.workingLongSide * 8 {
            return eighths
        }
        return 8
    }
}
