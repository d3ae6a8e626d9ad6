import Testing
import SquareCamCore

@Suite struct ViewfinderGeometryTests {
    static let widgets: [Size2D] = [
        Size2D(width: 1, height: 1), Size2D(width: 360, height: 640), Size2D(width: 640, height: 360),
        Size2D(width: 801, height: 600), Size2D(width: 333, height: 333), Size2D(width: 1920, height: 1043),
        Size2D(width: 412.5, height: 915.25), Size2D(width: 3, height: 1000),
    ]
    static let scales: [Double] = [1, 1.25, 1.5, 2, 3]
    static let frames: [PixelSize] = TestSizes.some + [PixelSize(width: 1920, height: 1080), PixelSize(width: 1080, height: 1920), PixelSize(width: 4032, height: 3024)]

    static func all() -> [ViewfinderGeometry] {
        frames.flatMap { frame in widgets.flatMap { widget in scales.flatMap { scale in
            [false, true].map { ViewfinderGeometry(frameSize: frame, widgetSize: widget, scaleFactor: scale, isMirrored: $0) }
        } } }
    }

    @Test func squareIsTheLargestCentredWholeDevicePixelSquare() {
        for widget in Self.widgets {
            for scale in Self.scales {
                let geometry = ViewfinderGeometry(frameSize: PixelSize(width: 1920, height: 1080), widgetSize: widget, scaleFactor: scale)
                let square = geometry.squareInDevicePixels
                let (deviceWidth, deviceHeight) = (widget.width * scale, widget.height * scale)
                #expect(square.isSquare)
                #expect(Double(square.width) <= min(deviceWidth, deviceHeight) + 1e-6)
                #expect(Double(square.width + 1) > min(deviceWidth, deviceHeight), "not the largest: \(square) in \(widget)@\(scale)")
                #expect(square.x >= 0 && Double(square.maxX) <= deviceWidth + 1e-6 && Double(square.maxY) <= deviceHeight + 1e-6)
                // Centred: the two gaps differ by less than one device pixel.
                #expect(abs((deviceWidth - Double(square.maxX)) - Double(square.x)) <= 1 + 1e-6)
                #expect(abs((deviceHeight - Double(square.maxY)) - Double(square.y)) <= 1 + 1e-6)
                #expect(geometry.viewfinderSide == square.width)
                let inPoints = geometry.squareInWidget
                #expect(abs(inPoints.width * scale - Double(square.width)) < 1e-9)
            }
        }
        // An odd leftover puts the extra device pixel on the right, as `centeredSquare` does.
        #expect(ViewfinderGeometry(frameSize: PixelSize(width: 4, height: 3), widgetSize: Size2D(width: 801, height: 600)).squareInDevicePixels == PixelRect(x: 100, y: 0, width: 600, height: 600))
        #expect(ViewfinderGeometry(frameSize: PixelSize(width: 4, height: 3), widgetSize: Size2D(width: 333.3333333333, height: 500), scaleFactor: 3).squareInDevicePixels.width == 1000)
    }

    @Test func theSquareShownIsExactlyTheCentredSquareOfTheFrame() {
        for geometry in Self.all() where !geometry.isEmpty {
            let square = geometry.squareInWidget
            let sensor = geometry.frameSize.centeredSquare
            #expect(geometry.visibleSensorRect == sensor)
            let topLeft = geometry.sensorPoint(forWidgetPoint: square.origin)
            let bottomRight = geometry.sensorPoint(forWidgetPoint: Point2D(x: square.maxX, y: square.maxY))
            let tolerance = 1e-6 * Double(sensor.width)
            let (left, right) = geometry.isMirrored ? (bottomRight.x, topLeft.x) : (topLeft.x, bottomRight.x)
            #expect(abs(left - Double(sensor.x)) <= tolerance && abs(right - Double(sensor.maxX)) <= tolerance, "\(geometry)")
            #expect(abs(topLeft.y - Double(sensor.y)) <= tolerance && abs(bottomRight.y - Double(sensor.maxY)) <= tolerance)
        }
    }

    @Test func pointMappingRoundTrips() {
        var rng = SeededGenerator(seed: 11)
        for geometry in Self.all() where !geometry.isEmpty {
            let square = geometry.squareInWidget
            for _ in 0..<5 {
                let point = Point2D(x: square.x + Double.random(in: 0..<1, using: &rng) * square.width,
                                    y: square.y + Double.random(in: 0..<1, using: &rng) * square.height)
                let back = geometry.widgetPoint(forSensorPoint: geometry.sensorPoint(forWidgetPoint: point))
                #expect(abs(back.x - point.x) < 1e-6 && abs(back.y - point.y) < 1e-6)
                let pixel = geometry.sensorPixel(forWidgetPoint: point)
                #expect(pixel.map { geometry.visibleSensorRect.contains($0) } == true)
            }
            let sensorPoint = Point2D(x: Double(geometry.frameSize.width) / 3, y: Double(geometry.frameSize.height) / 7)
            let again = geometry.sensorPoint(forWidgetPoint: geometry.widgetPoint(forSensorPoint: sensorPoint))
            #expect(abs(again.x - sensorPoint.x) < 1e-6 * Double(geometry.frameSize.width) + 1e-9)
            #expect(abs(again.y - sensorPoint.y) < 1e-6 * Double(geometry.frameSize.height) + 1e-9)
        }
    }

    @Test func outsideTheSquareThereIsNoSensorPixel() {
        let geometry = ViewfinderGeometry(frameSize: PixelSize(width: 1920, height: 1080), widgetSize: Size2D(width: 800, height: 600))
        #expect(geometry.squareInWidget == Rect2D(x: 100, y: 0, width: 600, height: 600))
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 99.9, y: 300)) == nil)
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 700, y: 300)) == nil)
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 100, y: 0)) == PixelPoint(x: 420, y: 0))
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 699.999, y: 599.999)) == PixelPoint(x: 1499, y: 1079))
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 400, y: 300)) == PixelPoint(x: 960, y: 540))
    }

    @Test func mirroringFlipsOnlyTheDisplay() {
        for frame in Self.frames {
            let plain = ViewfinderGeometry(frameSize: frame, widgetSize: Size2D(width: 640, height: 480), scaleFactor: 2)
            let mirrored = ViewfinderGeometry(frameSize: frame, widgetSize: Size2D(width: 640, height: 480), scaleFactor: 2, isMirrored: true)
            #expect(plain.visibleSensorRect == mirrored.visibleSensorRect && plain.squareInWidget == mirrored.squareInWidget)
            let square = frame.centeredSquare
            for point in [Point2D(x: 80, y: 0), Point2D(x: 100.5, y: 17), Point2D(x: 559.75, y: 479)] {
                let a = plain.sensorPoint(forWidgetPoint: point), b = mirrored.sensorPoint(forWidgetPoint: point)
                #expect(abs(a.x + b.x - Double(square.x + square.maxX)) < 1e-6 * Double(frame.width) && a.y == b.y)
            }
            // The sensor's left edge shows on the right when mirrored.
            #expect(abs(mirrored.widgetPoint(forSensorPoint: Point2D(x: Double(square.x), y: 0)).x - 560) < 1e-6)
        }
    }

    @Test func frameIsAspectFilledAroundTheSquare() {
        let geometry = ViewfinderGeometry(frameSize: PixelSize(width: 1920, height: 1080), widgetSize: Size2D(width: 540, height: 540), scaleFactor: 2)
        #expect(geometry.devicePixelsPerSensorPixel == 1)
        #expect(geometry.frameInDevicePixels == Rect2D(x: -420, y: 0, width: 1920, height: 1080))
        #expect(geometry.frameInWidget == Rect2D(x: -210, y: 0, width: 960, height: 540))
        let portrait = ViewfinderGeometry(frameSize: PixelSize(width: 1081, height: 1921), widgetSize: Size2D(width: 400, height: 300), isMirrored: true)
        let filled = portrait.frameInDevicePixels
        #expect(abs(filled.width / filled.height - 1081.0 / 1921.0) < 1e-9)
        #expect(filled.x <= 50 && filled.maxX >= 350 && filled.y <= 0 && filled.maxY >= 300)
        #expect(portrait.widgetRect(forSensorRect: portrait.visibleSensorRect) == portrait.squareInWidget)
    }

    @Test func emptyWidgetMapsToTheCentre() {
        let geometry = ViewfinderGeometry(frameSize: PixelSize(width: 30, height: 20), widgetSize: Size2D(width: 0, height: 100))
        #expect(geometry.isEmpty && geometry.viewfinderSide == 0)
        #expect(geometry.sensorPoint(forWidgetPoint: Point2D(x: 5, y: 5)) == Point2D(x: 15, y: 10))
        #expect(geometry.sensorPixel(forWidgetPoint: Point2D(x: 0, y: 0)) == nil)
    }
}
