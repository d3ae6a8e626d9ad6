import Testing
import SquareCamCore

@Suite struct OrientationTests {
    static let sizes = [PixelSize(width: 1, height: 1), PixelSize(width: 2, height: 1), PixelSize(width: 3, height: 5),
                        PixelSize(width: 4, height: 4), PixelSize(width: 7, height: 2)]

    /// Every pixel of an image stored at `size`, mapped to display.
    static func image(_ o: Orientation, _ size: PixelSize) -> [PixelPoint] {
        (0..<size.height).flatMap { y in (0..<size.width).map { x in o.displayedPoint(forStored: PixelPoint(x: x, y: y), in: size) } }
    }

    @Test func exifValues() {
        for value in 1...8 { #expect(Orientation(exifValue: value).exifValue == value) }
        for value in [0, -1, 9, 255, Int.max, Int.min] { #expect(Orientation(exifValue: value) == .up) }
        #expect(Orientation.allCases.count == 8)
        #expect(Orientation.allCases.filter(\.swapsAxes).map(\.exifValue) == [5, 6, 7, 8])
        #expect(Orientation.allCases.filter(\.isMirrored).map(\.exifValue) == [2, 4, 5, 7])
    }

    /// The pixel that a viewer shows at the top-left corner of each orientation, for a 3×2 image (EXIF's definitions).
    @Test func cornersMatchTheExifDefinitions() {
        let size = PixelSize(width: 3, height: 2)
        // Stored (0,0) is the top-left of row 0. Where does it land in display?
        let expected: [Orientation: PixelPoint] = [
            .up: PixelPoint(x: 0, y: 0), .upMirrored: PixelPoint(x: 2, y: 0), .down: PixelPoint(x: 2, y: 1),
            .downMirrored: PixelPoint(x: 0, y: 1), .leftMirrored: PixelPoint(x: 0, y: 0), .right: PixelPoint(x: 1, y: 0),
            .rightMirrored: PixelPoint(x: 1, y: 2), .left: PixelPoint(x: 0, y: 2),
        ]
        for (o, corner) in expected { #expect(o.displayedPoint(forStored: .init(x: 0, y: 0), in: size) == corner, "\(o)") }
        // Orientation 6: stored row 0 becomes the right column, read top to bottom.
        #expect((0..<3).map { Orientation.right.displayedPoint(forStored: PixelPoint(x: $0, y: 0), in: size) } == [PixelPoint(x: 1, y: 0), PixelPoint(x: 1, y: 1), PixelPoint(x: 1, y: 2)])
        // Orientation 8: stored row 0 becomes the left column, read bottom to top.
        #expect((0..<3).map { Orientation.left.displayedPoint(forStored: PixelPoint(x: $0, y: 0), in: size) } == [PixelPoint(x: 0, y: 2), PixelPoint(x: 0, y: 1), PixelPoint(x: 0, y: 0)])
    }

    @Test func mappingIsABijectionOntoTheDisplayedSize() {
        for o in Orientation.allCases {
            for size in Self.sizes {
                let shown = Self.image(o, size)
                let displayed = o.displayedSize(forStored: size)
                #expect(Set(shown).count == size.area)
                #expect(shown.allSatisfy { displayed.contains($0) })
                #expect(o.storedSize(forDisplayed: displayed) == size)
            }
        }
    }

    @Test func groupLaws() {
        for a in Orientation.allCases {
            #expect(a.followed(by: a.inverted) == .up && a.inverted.followed(by: a) == .up)
            #expect(a.followed(by: .up) == a && Orientation.up.followed(by: a) == a)
            #expect(a.inverted.inverted == a)
            for b in Orientation.allCases {
                let ab = a.followed(by: b)
                #expect((a.followed(by: b)).inverted == b.inverted.followed(by: a.inverted))
                for c in Orientation.allCases {
                    #expect(ab.followed(by: c) == a.followed(by: b.followed(by: c)))
                }
                // Composition agrees with mapping points one step after the other.
                for size in Self.sizes {
                    let middle = a.displayedSize(forStored: size)
                    let twoSteps = (0..<size.height).flatMap { y in (0..<size.width).map { x in
                        b.displayedPoint(forStored: a.displayedPoint(forStored: PixelPoint(x: x, y: y), in: size), in: middle)
                    } }
                    #expect(twoSteps == Self.image(ab, size), "\(a) then \(b) on \(size)")
                }
            }
        }
        // The 8 orientations form a group: all 64 products are orientations, each row a permutation.
        for a in Orientation.allCases { #expect(Set(Orientation.allCases.map { a.followed(by: $0) }).count == 8) }
    }

    @Test func rotationsAndMirrors() {
        #expect(Orientation(clockwiseRotationDegrees: 90, mirrored: false) == .right)
        #expect(Orientation(clockwiseRotationDegrees: -90, mirrored: false) == .left)
        #expect(Orientation(clockwiseRotationDegrees: 540, mirrored: false) == .down)
        #expect(Orientation.right.followed(by: .right) == .down && Orientation.right.followed(by: .left) == .up)
        for o in Orientation.allCases {
            let rebuilt = Orientation(clockwiseRotationDegrees: o.clockwiseRotationDegrees, mirrored: o.isMirrored)
            #expect(rebuilt == o)
            // Mirror first, then turn clockwise one quarter at a time.
            var stepwise: Orientation = o.isMirrored ? .upMirrored : .up
            for _ in 0..<(o.clockwiseRotationDegrees / 90) { stepwise = stepwise.followed(by: .right) }
            #expect(stepwise == o, "\(o)")
        }
    }

    @Test func pointsAndRectsRoundTrip() {
        var rng = SeededGenerator(seed: 5)
        for size in TestSizes.some + TestSizes.random(count: 100, seed: 9) {
            for o in Orientation.allCases {
                let displayed = o.displayedSize(forStored: size)
                #expect(displayed == (o.swapsAxes ? size.transposed : size))
                for _ in 0..<4 {
                    let x = Int.random(in: 0..<size.width, using: &rng), y = Int.random(in: 0..<size.height, using: &rng)
                    let w = Int.random(in: 0...(size.width - x), using: &rng), h = Int.random(in: 0...(size.height - y), using: &rng)
                    let rect = PixelRect(x: x, y: y, width: w, height: h)
                    let shown = o.displayedRect(forStored: rect, in: size)
                    #expect(displayed.contains(shown) && shown.size.area == rect.size.area)
                    #expect(o.storedRect(forDisplayed: shown, storedSize: size) == rect)
                    let point = PixelPoint(x: x, y: y)
                    let shownPoint = o.displayedPoint(forStored: point, in: size)
                    #expect(o.storedPoint(forDisplayed: shownPoint, storedSize: size) == point)
                    // A non-empty rect's corner pixels land inside its displayed rect.
                    if !rect.isEmpty {
                        #expect(shown.contains(shownPoint))
                        #expect(shown.contains(o.displayedPoint(forStored: PixelPoint(x: rect.maxX - 1, y: rect.maxY - 1), in: size)))
                    }
                }
                #expect(o.displayedRect(forStored: size.bounds, in: size) == displayed.bounds)
                #expect(o.displayedRect(forStored: size.centeredSquare, in: size).size == size.centeredSquare.size)
            }
        }
    }
}
