import SquareCamCore

/// What part of a camera buffer an aspect-filling preview shows: the
/// arithmetic behind `AVLayerVideoGravity.resizeAspectFill`, so the square
/// saved is provably the square seen.
public enum PreviewGeometry {
    /// The rectangle of a buffer of `bufferSize` (as stored) that a preview
    /// of `previewSize` points shows after the buffer is turned `orientation`
    /// and scaled to fill it, centred, cropping what sticks out. In stored
    /// buffer pixels. A square preview gives the displayed frame's
    /// `centeredSquare`, exactly what the controller crops.
    public static func visibleRect(bufferSize: PixelSize, orientation: Orientation, previewSize: Size2D) -> PixelRect {
        let shown = orientation.displayedSize(forStored: bufferSize)
        guard !shown.isEmpty, previewSize.width > 0, previewSize.height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let displayed = visibleDisplayedRect(shown: shown, previewAspect: previewSize.width / previewSize.height)
        return orientation.storedRect(forDisplayed: displayed, storedSize: bufferSize)
    }

    /// The centred rectangle of `shown` with the preview's aspect ratio, as
    /// large as fits; leftovers split as `centeredSquare` splits them (the
    /// odd pixel to the right or bottom).
    static func visibleDisplayedRect(shown: PixelSize, previewAspect: Double) -> PixelRect {
        let shownAspect = Double(shown.width) / Double(shown.height)
        var width = shown.width, height = shown.height
        if shownAspect > previewAspect {
            width = min(shown.width, max(1, Int((Double(shown.height) * previewAspect).rounded())))
        } else {
            height = min(shown.height, max(1, Int((Double(shown.width) / previewAspect).rounded())))
        }
        return PixelRect(x: (shown.width - width) / 2, y: (shown.height - height) / 2, width: width, height: height)
    }
}
