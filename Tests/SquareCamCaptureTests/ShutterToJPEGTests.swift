import Foundation
import SquareCamCapture
import SquareCamCore
import SquareCamImaging
import Testing

/// The whole way of one photo, with the real GStreamer test camera and the
/// real encoder: what is saved is the centre square of the captured frame.
@Suite(.serialized) struct ShutterToJPEGTests {
    @Test(arguments: [PixelSize(width: 1920, height: 1080), PixelSize(width: 640, height: 480), PixelSize(width: 720, height: 1280)])
    func savedSquareIsTheCentreOfTheFrame(size: PixelSize) async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: size, framesPerSecond: 30))
        try await camera.start()
        let frame = try await camera.capturePhoto()
        let reference = try await camera.capturePhoto(layout: .rgb)
        await camera.stop()

        let photo = try SquarePhoto.encode(frame, camera: camera.cameraDescription)
        let side = size.shortSide
        #expect(photo.size == PixelSize(width: side, height: side))
        let decoded = try JPEGDecoder.decode(photo.jpeg).frame
        #expect(decoded.size == photo.size)

        // The static part of the pattern (the bars; the ball moves between the
        // two captures) matches the frame's centre square pixel for pixel,
        // within JPEG's loss.
        let square = size.centeredSquare
        let barsHeight = size.height * 3 / 5 - square.y
        #expect(barsHeight > 0)
        let difference = meanAbsoluteDifference(
            decoded, PixelRect(x: 0, y: 0, width: side, height: min(side, barsHeight)),
            reference, PixelRect(x: square.x, y: square.y, width: side, height: min(side, barsHeight)))
        #expect(difference < 4, "mean difference \(difference) per channel")

        // And the colours are the pattern's own: full-range white is 255, not
        // video range's 235, so the camera's YUV reached JPEG's colour space.
        for index in TestPattern.barColours.indices {
            let centre = TestPattern.barCentre(index, in: size)
            let x = centre.x - square.x, y = centre.y - square.y
            guard x >= 8, x < side - 8, y >= 8, y < side - 8 else { continue }
            let pixel = rgb(decoded, x: x, y: y)
            let expected = TestPattern.barColours[index]
            #expect(abs(Int(pixel.0) - Int(expected.red)) <= 10
                && abs(Int(pixel.1) - Int(expected.green)) <= 10
                && abs(Int(pixel.2) - Int(expected.blue)) <= 10,
                "bar \(index): \(pixel) instead of \(expected)")
        }
    }

    @Test func mirroredAndResizedPhoto() async throws {
        let camera = try GStreamerCamera(description: TestCamera.description(size: PixelSize(width: 1280, height: 720), framesPerSecond: 30))
        try await camera.start()
        let frame = try await camera.capturePhoto()
        await camera.stop()

        let plain = try JPEGDecoder.decode(SquarePhoto.encode(frame, options: .init(side: 360), camera: nil).jpeg).frame
        let mirrored = try JPEGDecoder.decode(SquarePhoto.encode(frame, options: .init(side: 360, mirrored: true), camera: nil).jpeg).frame
        #expect(plain.size == PixelSize(width: 360, height: 360))
        #expect(mirrored.size == plain.size)
        // Column x of the mirrored photo is column 359 - x of the plain one (bars only: the ball moves).
        var total = 0, count = 0
        for y in stride(from: 10, to: 150, by: 7) {
            for x in stride(from: 0, to: 360, by: 5) {
                let a = rgb(plain, x: x, y: y), b = rgb(mirrored, x: 359 - x, y: y)
                total += abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2))
                count += 3
            }
        }
        #expect(Double(total) / Double(count) < 6)
    }

    private func rgb(_ frame: Frame, x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let plane = frame.planes[0]
        let offset = y * plane.stride + x * 3
        return (plane.bytes[offset], plane.bytes[offset + 1], plane.bytes[offset + 2])
    }

    private func meanAbsoluteDifference(_ a: Frame, _ ra: PixelRect, _ b: Frame, _ rb: PixelRect) -> Double {
        var total = 0
        for row in 0..<ra.height {
            for column in 0..<ra.width {
                let p = rgb(a, x: ra.x + column, y: ra.y + row), q = rgb(b, x: rb.x + column, y: rb.y + row)
                total += abs(Int(p.0) - Int(q.0)) + abs(Int(p.1) - Int(q.1)) + abs(Int(p.2) - Int(q.2))
            }
        }
        return Double(total) / Double(ra.width * ra.height * 3)
    }
}
