import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The face detector on the shipped portrait (Tests/Fixtures/faces), and the
/// faces-first square of `--mode smart` and `--mode face` on composites made
/// here from it.
@Suite struct FaceCropTests {
    /// Eileen Collins's face in the 512×512 portrait: dlib's box, looked at by eye (eyebrows to chin).
    static let astronautFaceCenter = Point2D(x: 223, y: 127)

    static func astronaut() throws -> Frame {
        try JPEGDecoder.decode(try TestImages.fixture("faces/astronaut.jpg")).frame
    }

    @Test func detectorFindsTheAstronautsFace() throws {
        let faces = FaceDetector.faces(in: try Self.astronaut())
        let best = try #require(faces.first, "no face found on the portrait")
        #expect(abs(best.rect.center.x - Self.astronautFaceCenter.x) < 20 && abs(best.rect.center.y - Self.astronautFaceCenter.y) < 20,
                "face at \(best.rect)")
        #expect((65...120).contains(best.rect.width), "face \(best.rect.width) px wide")
        #expect(best.score > 0.5)
    }

    @Test(arguments: [Frame.Layout.gray, .rgba, .i420])
    func detectorReadsEveryLayout(_ layout: Frame.Layout) throws {
        let frame = try Self.astronaut().converted(to: layout)
        let best = try #require(FaceDetector.faces(in: frame).first, "no face found in \(layout)")
        #expect(abs(best.rect.center.x - Self.astronautFaceCenter.x) < 20, "face at \(best.rect)")
    }

    @Test func aLargePhotoIsShrunkAndTheFaceComesBackInItsPixels() throws {
        // 3× the portrait: searched at the working size, reported in the large frame's pixels.
        let portrait = try Self.astronaut()
        let large = LanczosResampler.resize(portrait, source: portrait.size.bounds.rect2D, to: PixelSize(width: 1536, height: 1536))
        let best = try #require(FaceDetector.faces(in: large).first)
        #expect(abs(best.rect.center.x - 3 * Self.astronautFaceCenter.x) < 60 && abs(best.rect.center.y - 3 * Self.astronautFaceCenter.y) < 60,
                "face at \(best.rect)")
    }

    @Test func twoThreadsFindTheSameFacesAsOne() throws {
        // Faces of about 90, 100 and 210 px: found on the two largest levels
        // of the pyramid (the first thread), and below them (the second).
        let closeUp = LanczosResampler.resize(try Self.astronaut(), source: Rect2D(x: 123, y: 20, width: 200, height: 200),
                                              to: PixelSize(width: 480, height: 480))
        let pictures = [try Self.astronaut(),
                        try Self.composite(side: 512, textureLength: 640, portrait: false).0,
                        closeUp,
                        try JPEGDecoder.decode(try TestImages.fixture("orientation/Landscape_1.jpg")).frame,
                        try JPEGDecoder.decode(try TestImages.fixture("orientation/Portrait_1.jpg")).frame]
        for picture in pictures {
            let one = FaceDetector.faces(in: picture, threads: 1)
            let two = FaceDetector.faces(in: picture, threads: 2)
            #expect(one.count == two.count, "one thread \(one), two \(two)")
            if picture.size == closeUp.size { #expect(one.first.map { $0.rect.width > 150 } == true, "close-up: \(one)") }
            for (a, b) in zip(one, two) {
                let edges = [a.rect.x - b.rect.x, a.rect.y - b.rect.y, a.rect.maxX - b.rect.maxX, a.rect.maxY - b.rect.maxY]
                #expect(edges.allSatisfy { abs($0) <= 1 } && abs(a.score - b.score) < 1e-9, "\(a) against \(b)")
            }
        }
    }

    @Test func noFaceInALandscape() throws {
        let landscape = try TestImages.fixture("orientation/Landscape_1.jpg")
        #expect(FaceDetector.faces(in: try JPEGDecoder.decode(landscape).frame).isEmpty)
        #expect(throws: ImagingError.noFace) { try SquareCropper.crop(landscape, options: CropOptions(mode: .face)) }
        // Smart mode without a face is the scorer's square, as before.
        let smart = try SquareCropper.crop(landscape, options: CropOptions(mode: .smart))
        let preview = try JPEGDecoder.decode(landscape, scaleEighths: 1).frame
        #expect(smart.square == SmartCropScorer.bestSquare(preview: preview, fullSize: PixelSize(width: 600, height: 400)))
    }

    /// A busy checkerboard of two skin tones (both pass SmartCropScorer's skin
    /// test, and its edges are strong): the scorer's favourite kind of picture.
    /// Squares of 32 pixels stay squares of 4 in the scorer's 1/8 preview.
    static func skinTexture(width: Int, height: Int) -> Frame {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let light = (x / 32 + y / 32) % 2 == 0
                let pixel: [UInt8] = light ? [224, 172, 140] : [120, 72, 50]
                bytes.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: pixel)
            }
        }
        return Frame(size: PixelSize(width: width, height: height), layout: .rgb, planes: [Frame.Plane(bytes: bytes, stride: width * 3)])
    }

    /// The astronaut's head and shoulders, enlarged to `side`, with
    /// `textureLength` columns of skin texture on its left (or, `portrait`,
    /// rows of it above); and the face's centre in the composite.
    static func composite(side: Int, textureLength: Int, portrait: Bool) throws -> (Frame, Point2D) {
        let headAndShoulders = Rect2D(x: 123, y: 20, width: 200, height: 200)
        let person = LanczosResampler.resize(try astronaut(), source: headAndShoulders, to: PixelSize(width: side, height: side))
        let size = portrait ? PixelSize(width: side, height: side + textureLength) : PixelSize(width: side + textureLength, height: side)
        var canvas = skinTexture(width: size.width, height: size.height)
        let (left, top) = portrait ? (0, textureLength) : (textureLength, 0)
        for row in 0..<side {
            let target = ((top + row) * size.width + left) * 3
            canvas.planes[0].bytes.replaceSubrange(target..<target + side * 3,
                                                   with: person.planes[0].bytes[row * person.planes[0].stride..<row * person.planes[0].stride + side * 3])
        }
        let scale = Double(side) / headAndShoulders.width
        let face = Point2D(x: Double(left) + (astronautFaceCenter.x - headAndShoulders.x) * scale,
                           y: Double(top) + (astronautFaceCenter.y - headAndShoulders.y) * scale)
        return (canvas, face)
    }

    @Test(arguments: [false, true])
    func smartCropHoldsTheFaceBesideABusySkinTexture(portrait: Bool) throws {
        let (frame, face) = try Self.composite(side: 512, textureLength: 640, portrait: portrait)
        let jpeg = try JPEGEncoder.encode(frame, quality: 92)
        // Today's scorer alone takes the texture: the face is outside its square.
        let scorerPreview = try JPEGDecoder.decode(jpeg, scaleEighths: 1).frame
        let scorerSquare = SmartCropScorer.bestSquare(preview: scorerPreview, fullSize: frame.size)
        #expect(!scorerSquare.rect2D.contains(face), "the scorer's square \(scorerSquare) should miss the face at \(face)")
        for mode in [CropOptions.Mode.smart, .face] {
            let result = try SquareCropper.crop(jpeg, options: CropOptions(mode: mode))
            #expect(result.square.rect2D.contains(face), "\(mode): square \(result.square), face at \(face)")
            // Head room: the face is not at the square's edge.
            let along = portrait ? face.y - Double(result.square.y) : face.x - Double(result.square.x)
            #expect((100...412).contains(along), "\(mode): the face lies \(along) px into the square")
            let square = try JPEGDecoder.decode(result.bytes).frame
            #expect(!FaceDetector.faces(in: square).isEmpty, "\(mode): no face in the square written")
        }
    }

    @Test func twoFacesThatFitAreBothHeld() {
        let size = PixelSize(width: 1600, height: 900)
        let faces = [DetectedFace(rect: PixelRect(x: 700, y: 300, width: 150, height: 150), score: 1),
                     DetectedFace(rect: PixelRect(x: 1200, y: 350, width: 150, height: 150), score: 1)]
        let square = FaceFraming.square(holding: faces, in: size)
        #expect(faces.allSatisfy { square.contains($0.rect) }, "square \(square)")
        // Centred on the pair with its room: 700 - 45 … 1350 + 45.
        #expect(square.x == (655 + 1395 - 900) / 2)
    }

    @Test func facesThatCannotAllFitGiveTheLargestWithRoom() {
        let size = PixelSize(width: 3000, height: 1000)
        let small = DetectedFace(rect: PixelRect(x: 100, y: 300, width: 120, height: 120), score: 2)
        let large = DetectedFace(rect: PixelRect(x: 2400, y: 300, width: 300, height: 300), score: 1)
        let square = FaceFraming.square(holding: [small, large], in: size)
        #expect(square.contains(large.rect) && !square.contains(small.rect), "square \(square)")
        #expect(square.x <= 2400 - 90 && square.maxX >= 2700 + 90, "room each side: \(square)")
    }

    @Test func aFarWeakerFaceIsLeftOut() {
        // As on the astronaut portrait: a faint, larger box on her suit below the face.
        let size = PixelSize(width: 1000, height: 3000)
        let face = DetectedFace(rect: PixelRect(x: 400, y: 200, width: 200, height: 200), score: 1.5)
        let suit = DetectedFace(rect: PixelRect(x: 300, y: 2200, width: 240, height: 240), score: 0.02)
        let square = FaceFraming.square(holding: [face, suit], in: size)
        #expect(square == PixelRect(x: 0, y: 200 - 120, width: 1000, height: 1000))
    }

    @Test func aPortraitSquareStartsAtTheHeadRoom() {
        let size = PixelSize(width: 1000, height: 2000)
        let face = DetectedFace(rect: PixelRect(x: 400, y: 900, width: 200, height: 200), score: 1)
        let square = FaceFraming.square(holding: [face], in: size)
        #expect(square == PixelRect(x: 0, y: 900 - 120, width: 1000, height: 1000))
    }
}

private extension Frame {
    /// The RGB frame in another layout (the detector reads only luma, so I420's chroma is left grey).
    func converted(to layout: Frame.Layout) -> Frame {
        let luma = lumaFrame(scaledBy: 1)
        switch layout {
        case .gray: return luma
        case .i420:
            let chroma = Frame.Plane(bytes: [UInt8](repeating: 128, count: ((size.width + 1) / 2) * ((size.height + 1) / 2)),
                                     stride: (size.width + 1) / 2)
            return Frame(size: size, layout: .i420, planes: [luma.planes[0], chroma, chroma])
        case .rgba:
            var bytes = [UInt8]()
            bytes.reserveCapacity(size.area * 4)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let offset = y * planes[0].stride + x * 3
                    bytes += planes[0].bytes[offset..<offset + 3] + [255]
                }
            }
            return Frame(size: size, layout: .rgba, planes: [Frame.Plane(bytes: bytes, stride: size.width * 4)])
        case .rgb: return self
        }
    }
}
