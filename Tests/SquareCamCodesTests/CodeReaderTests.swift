import SquareCamCodes
import SquareCamCore
import Testing

@Suite struct CodeReaderTests {
    let reader: CodeReader

    init() throws { reader = try CodeReader() }

    @Test func readsAStraightCodeWithItsCorners() throws {
        let frame = try CodeFixtures.frame("straight")
        let codes = reader.codes(in: frame)
        #expect(codes.map(\.text) == [CodeFixtures.straightText])
        #expect(codes.first?.format == "QR-Code")
        // The code sits in the middle of the 800x600 frame: 45 modules of 8 px plus the quiet zone.
        let corners = try #require(codes.first?.corners)
        #expect(corners.count == 4)
        for corner in corners {
            #expect((200...600).contains(corner.x) && (100...500).contains(corner.y), "\(corner)")
        }
    }

    @Test func readsASmallCodeOutsideTheSquare() throws {
        let frame = try CodeFixtures.frame("small")
        let codes = reader.codes(in: frame)
        #expect(codes.map(\.text) == [CodeFixtures.smallText])
        // Left of the centre square of a 1920x1080 frame, which starts at x = 420.
        #expect(codes.first?.corners.allSatisfy { $0.x < 420 } == true)
    }

    @Test func readsATiltedCode() throws {
        let codes = reader.codes(in: try CodeFixtures.frame("tilted"))
        #expect(codes.map(\.text) == [CodeFixtures.tiltedText])
        // Turned by 23°: neighbouring corners differ in both x and y by a good part of the side.
        let corners = try #require(codes.first?.corners)
        #expect(corners.count == 4)
        let dx = abs(corners[1].x - corners[0].x), dy = abs(corners[1].y - corners[0].y)
        #expect(min(dx, dy) > 30, "\(corners)")
    }

    @Test func readsAMirroredCode() throws {
        #expect(reader.codes(in: try CodeFixtures.frame("mirrored")).map(\.text) == [CodeFixtures.mirroredText])
    }

    @Test func readsEveryCodeInAFrame() throws {
        #expect(Set(reader.codes(in: try CodeFixtures.frame("two")).map(\.text)) == CodeFixtures.twoTexts)
    }

    @Test func findsNothingWhereThereIsNoCode() throws {
        #expect(reader.codes(in: try CodeFixtures.frame("none")).isEmpty)
    }

    @Test func readsTheSameFromEveryLayout() throws {
        // The fixture as RGB (as the image-file camera decodes a PNG), as gray with
        // padded rows (as GStreamer hands GRAY8), and as I420's luma plane.
        let frame = try CodeFixtures.frame("tilted")
        let gray = Self.gray(of: frame, padding: 3)
        #expect(gray.planes[0].stride != gray.size.width)
        let i420 = Frame(size: gray.size, layout: .i420, planes: [
            gray.planes[0],
            Frame.Plane(bytes: [UInt8](repeating: 128, count: ((gray.size.width + 1) / 2) * ((gray.size.height + 1) / 2)), stride: (gray.size.width + 1) / 2),
            Frame.Plane(bytes: [UInt8](repeating: 128, count: ((gray.size.width + 1) / 2) * ((gray.size.height + 1) / 2)), stride: (gray.size.width + 1) / 2),
        ])
        for layout in [frame, gray, i420] {
            #expect(reader.codes(in: layout).map(\.text) == [CodeFixtures.tiltedText], "\(layout.layout)")
        }
    }

    @Test func scalingPlacesCornersInTheLargerPicture() {
        let code = ReadCode(text: "x", format: "QR-Code", corners: [PixelPoint(x: 10, y: 20), PixelPoint(x: 31, y: 5)])
        #expect(code.scaled(by: 2).corners == [PixelPoint(x: 20, y: 40), PixelPoint(x: 62, y: 10)])
    }

    /// The green channel of an RGB or RGBA frame (the fixtures are gray) in a
    /// gray frame whose rows are `padding` bytes longer than the picture.
    static func gray(of frame: Frame, padding: Int) -> Frame {
        let width = frame.size.width, stride = width + padding
        let step = frame.layout.bytesPerPixel
        var bytes = [UInt8](repeating: 0, count: stride * frame.size.height)
        for row in 0..<frame.size.height {
            for column in 0..<width {
                bytes[row * stride + column] = frame.planes[0].bytes[row * frame.planes[0].stride + column * step + (step > 1 ? 1 : 0)]
            }
        }
        return Frame(size: frame.size, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: stride)])
    }
}
