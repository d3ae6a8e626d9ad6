@testable import SquareCamCapture
import Foundation
import SquareCamCore
import Testing
import TestThreads

/// Stills from the formats and colour matrices cameras really send (YUY2 and
/// NV12 from webcams, BT.601 at SD and BT.709 at HD, RGB from some drivers)
/// come out as full-range JFIF I420 and sRGB with the bars' colours.
@Suite(.ownThreads) struct VideoSampleConversionTests {
    @Test(arguments: ["YUY2", "NV12", "I420", "UYVY", "RGB", "BGRx"], [PixelSize(width: 640, height: 480), PixelSize(width: 1280, height: 720)])
    func everyCameraFormatBecomesJFIFAndRGB(format: String, size: PixelSize) throws {
        let sample = try firstSample("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,format=\(format),width=\(size.width),height=\(size.height) ! appsink name=out")
        let i420 = try sample.makeFrame(layout: .i420)
        let rgb = try sample.makeFrame(layout: .rgb)
        #expect(i420.size == size && rgb.size == size)
        for (index, colour) in TestPattern.barColours.enumerated() {
            let centre = TestPattern.barCentre(index, in: size)
            let fromI420 = CaptureTestSupport.rgbFromI420(i420, x: centre.x, y: centre.y)
            let fromRGB = CaptureTestSupport.rgb(rgb, x: centre.x, y: centre.y)
            #expect(CaptureTestSupport.isClose(fromI420, colour, tolerance: 10), "\(format) \(size) bar \(index): i420 \(fromI420)")
            #expect(CaptureTestSupport.isClose(fromRGB, colour, tolerance: 10), "\(format) \(size) bar \(index): rgb \(fromRGB)")
        }
    }

    /// `shoot` copies only the centre square: its planes are the full frame's,
    /// byte for byte, from the square's origin (rounded to even in I420, as the
    /// encoder rounds it), for wide, tall and odd frames, copied or converted.
    @Test(arguments: ["I420", "YUY2"], [PixelSize(width: 1280, height: 720), PixelSize(width: 361, height: 643), PixelSize(width: 643, height: 361)])
    func theCentreSquareIsTheFullFramesCentre(format: String, size: PixelSize) throws {
        let sample = try firstSample("videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,format=\(format),width=\(size.width),height=\(size.height) ! appsink name=out")
        for layout in [Frame.Layout.i420, .rgb] {
            let full = try sample.makeFrame(layout: layout)
            let square = try sample.makeFrame(layout: layout, centreSquareOnly: true)
            var origin = size.centeredSquare.origin
            if layout == .i420 { origin = PixelPoint(x: origin.x & ~1, y: origin.y & ~1) }
            #expect(square.size == size.centeredSquare.size)
            for (index, plane) in square.planes.enumerated() {
                let scale = layout == .i420 && index > 0 ? 2 : 1
                let bytesPerPixel = layout == .rgb ? 3 : 1
                let source = full.planes[index]
                let rows = plane.bytes.count / plane.stride
                let mismatches = (0..<rows).filter { row in
                    let start = (origin.y / scale + row) * source.stride + origin.x / scale * bytesPerPixel
                    return Array(source.bytes[start..<(start + plane.stride)]) != Array(plane.bytes[(row * plane.stride)..<((row + 1) * plane.stride)])
                }
                #expect(mismatches.isEmpty, "\(format) \(size) \(layout) plane \(index): rows \(mismatches.prefix(5)) differ")
            }
        }
    }

    private func firstSample(_ launch: String) throws -> VideoSample {
        let pipeline = try GStreamerPipeline(launch: launch)
        let box = SampleBox()
        AppSink.deliverSamples(from: pipeline, sinkNamed: "out") { box.store($0) }
        #expect(pipeline.play())
        for _ in 0..<500 where box.sample == nil { usleep(10_000) }
        AppSink.stopDelivering(from: pipeline, sinkNamed: "out")
        pipeline.shutDown()
        return try #require(box.sample)
    }
}

private final class SampleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: VideoSample?
    var sample: VideoSample? { lock.withLock { stored } }
    func store(_ sample: VideoSample) { lock.withLock { if stored == nil { stored = sample } } }
}
