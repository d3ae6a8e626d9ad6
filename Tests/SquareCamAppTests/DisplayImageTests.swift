import CGtk
import SquareCamCore
import Testing
@testable import SquareCamApp

/// A picture painted into a drawing area's recording stays alive as long as
/// the recording does, and no longer: it is recorded as a raster-source
/// pattern that holds it, not as a snapshot of its surface (which cairo
/// copies, every pixel, when the surface goes).
@Suite struct DisplayImageTests {
    /// Red, green, blue, white over a row of grays: 4×2 RGBA.
    private static let frame = Frame(size: PixelSize(width: 4, height: 2), layout: .rgba, planes: [Frame.Plane(bytes: [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
        0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 255, 250, 250, 250, 255,
    ], stride: 16)])

    /// The same pixels as a viewfinder picture: B, G, R, A bytes.
    private static func screenPicture() -> ScreenPicture {
        let picture = ScreenPicture(size: frame.size, mirrored: false)
        let bytes = frame.planes[0].bytes
        for pixel in stride(from: 0, to: bytes.count, by: 4) {
            for (to, from) in [(0, 2), (1, 1), (2, 0), (3, 3)] { picture.pixels.storeBytes(of: bytes[pixel + from], toByteOffset: pixel + to, as: UInt8.self) }
        }
        return picture
    }

    /// From a frame (copied) or a viewfinder picture (painted where it lies, which the image keeps alive).
    @Test(arguments: [false, true])
    func aRecordedPaintHoldsThePictureUntilTheRecordingGoes(fromViewfinder: Bool) throws {
        weak var watched: DisplayImage?
        weak var watchedPicture: ScreenPicture?
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        do {
            let image: DisplayImage
            if fromViewfinder {
                let picture = Self.screenPicture()
                watchedPicture = picture
                image = try #require(DisplayImage(picture: picture))
            } else {
                image = try #require(DisplayImage(frame: Self.frame))
            }
            watched = image
            let cairo = cairo_create(recording)!
            image.setAsSource(of: cairo)
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
        #expect(watched != nil, "the recording holds the picture it will paint")
        #expect(watchedPicture != nil || !fromViewfinder, "the image holds the pixels it is made over")

        // Replayed, the recording paints the picture's pixels (cairo's ARGB32: B, G, R, A bytes).
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 2)!
        let replay = cairo_create(target)!
        cairo_set_source_surface(replay, recording, 0, 0)
        cairo_paint(replay)
        cairo_destroy(replay)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let data = cairo_image_surface_get_data(target)!
        for row in 0..<2 {
            for column in 0..<4 {
                let source = Self.frame.planes[0].bytes[row * 16 + column * 4..<row * 16 + column * 4 + 3]
                let painted = (0..<3).map { data[row * stride + column * 4 + 2 - $0] }
                #expect(Array(source) == painted, "pixel \(column),\(row)")
            }
        }
        cairo_surface_destroy(target)

        cairo_surface_destroy(recording)
        #expect(watched == nil, "the picture outlived the recording that held it")
        #expect(watchedPicture == nil, "the viewfinder's pixels outlived the image made over them")
    }
}
