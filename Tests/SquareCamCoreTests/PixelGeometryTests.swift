import Testing
import SquareCamCore

@Suite struct CenteredSquareTests {
    @Test func centredSquareIsTheLargestSquareSplitEvenly() {
        for size in TestSizes.all + TestSizes.random(count: 500, seed: 1) {
            let square = size.centeredSquare
            #expect(square.isSquare)
            #expect(square.width == min(size.width, size.height))
            #expect(size.contains(square), "\(square) outside \(size)")
            let leftover = (size.width - square.width, size.height - square.height)
            // The left/top gap is the smaller half; the right/bottom gets the odd pixel.
            #expect(square.x == leftover.0 / 2 && size.width - square.maxX == leftover.0 - leftover.0 / 2)
            #expect(square.y == leftover.1 / 2 && size.height - square.maxY == leftover.1 - leftover.1 / 2)
            #expect(size.width - square.maxX - square.x <= 1 && size.height - square.maxY - square.y <= 1)
        }
    }

    @Test func examples() {
        #expect(PixelSize(width: 1920, height: 1080).centeredSquare == PixelRect(x: 420, y: 0, width: 1080, height: 1080))
        #expect(PixelSize(width: 1080, height: 1920).centeredSquare == PixelRect(x: 0, y: 420, width: 1080, height: 1080))
        #expect(PixelSize(width: 4, height: 1).centeredSquare == PixelRect(x: 1, y: 0, width: 1, height: 1))
        #expect(PixelSize(width: 5, height: 2).centeredSquare == PixelRect(x: 1, y: 0, width: 2, height: 2))
        #expect(PixelSize(width: 1, height: 1).centeredSquare == PixelRect(x: 0, y: 0, width: 1, height: 1))
        #expect(PixelSize(width: 65535, height: 2).centeredSquare == PixelRect(x: 32766, y: 0, width: 2, height: 2))
        #expect(PixelSize(width: 0, height: 5).centeredSquare.isEmpty)
    }

    @Test func sizeShapes() {
        #expect(PixelSize(width: 3, height: 4).isPortrait && !PixelSize(width: 3, height: 4).isLandscape)
        #expect(PixelSize(width: 4, height: 3).isLandscape && PixelSize(width: 4, height: 3).longSide == 4)
        #expect(PixelSize(width: 4, height: 4).isSquare && !PixelSize(width: 4, height: 4).isPortrait)
        #expect(PixelSize(width: 4, height: 3).transposed == PixelSize(width: 3, height: 4))
    }
}

@Suite struct PixelRectTests {
    @Test func containsAndIntersection() {
        let a = PixelRect(x: 10, y: 10, width: 10, height: 10)
        #expect(a.contains(PixelPoint(x: 10, y: 19)) && !a.contains(PixelPoint(x: 20, y: 10)))
        #expect(a.contains(PixelRect(x: 10, y: 10, width: 10, height: 10)))
        #expect(!a.contains(PixelRect(x: 11, y: 10, width: 10, height: 10)))
        #expect(a.intersection(PixelRect(x: 15, y: 5, width: 100, height: 8)) == PixelRect(x: 15, y: 10, width: 5, height: 3))
        #expect(a.intersection(PixelRect(x: 20, y: 10, width: 5, height: 5)) == nil, "touching edges share no pixel")
        #expect(!a.intersects(PixelRect(x: 0, y: 0, width: 10, height: 100)))
    }

    @Test func intersectionMatchesPixelCount() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<400 {
            func rect() -> PixelRect {
                PixelRect(x: .random(in: -5...5, using: &rng), y: .random(in: -5...5, using: &rng),
                          width: .random(in: 0...8, using: &rng), height: .random(in: 0...8, using: &rng))
            }
            let (a, b) = (rect(), rect())
            var shared = 0
            for y in -6...14 { for x in -6...14 where a.contains(PixelPoint(x: x, y: y)) && b.contains(PixelPoint(x: x, y: y)) { shared += 1 } }
            #expect((a.intersection(b)?.size.area ?? 0) == shared, "\(a) ∩ \(b)")
            if let both = a.intersection(b) { #expect(a.contains(both) && b.contains(both)) }
        }
    }

    @Test func movedInsideIsTheNearestPlaceInside() {
        let size = PixelSize(width: 100, height: 50)
        #expect(PixelRect(x: -5, y: 45, width: 20, height: 20).moved(inside: size) == PixelRect(x: 0, y: 30, width: 20, height: 20))
        #expect(PixelRect(x: 90, y: -1, width: 20, height: 50).moved(inside: size) == PixelRect(x: 80, y: 0, width: 20, height: 50))
        #expect(PixelRect(x: 0, y: 0, width: 20, height: 51).moved(inside: size) == nil)
        #expect(PixelRect(x: 3, y: 4, width: 5, height: 6).offsetBy(dx: -3, dy: 1) == PixelRect(x: 0, y: 5, width: 5, height: 6))
    }

    @Test func scalingKeepsTilesTiledAndRoundTripsWholeMultiples() {
        for source in TestSizes.random(count: 200, maxSide: 3000, seed: 3) {
            for target in [PixelSize(width: 1, height: 1), PixelSize(width: 640, height: 480), source, source.transposed,
                           PixelSize(width: source.width * 3, height: source.height * 2)] {
                let whole = source.bounds.scaled(from: source, to: target)
                #expect(whole == target.bounds)
                // Two halves that tile the source tile the target.
                let cut = source.width / 2
                let left = PixelRect(x: 0, y: 0, width: cut, height: source.height).scaled(from: source, to: target)
                let right = PixelRect(x: cut, y: 0, width: source.width - cut, height: source.height).scaled(from: source, to: target)
                #expect(left.maxX == right.x && left.width + right.width == target.width)
            }
            let square = source.centeredSquare
            let doubled = PixelSize(width: source.width * 2, height: source.height * 2)
            let up = square.scaled(from: source, to: doubled)
            #expect(up == PixelRect(x: square.x * 2, y: square.y * 2, width: square.width * 2, height: square.height * 2))
            #expect(up.scaled(from: doubled, to: source) == square)
        }
    }

    @Test func scaledSquareStaysSquareAndInside() {
        for source in TestSizes.some {
            for target in [PixelSize(width: 1, height: 1), PixelSize(width: 320, height: 240), PixelSize(width: 7, height: 3), source.transposed] {
                let square = source.centeredSquare.scaledSquare(from: source, to: target)
                #expect(square.isSquare && target.contains(square), "\(source) → \(target): \(square)")
                #expect(square.width == target.shortSide)
            }
        }
        let s = PixelRect(x: 420, y: 0, width: 1080, height: 1080).scaledSquare(from: PixelSize(width: 1920, height: 1080), to: PixelSize(width: 960, height: 540))
        #expect(s == PixelRect(x: 210, y: 0, width: 540, height: 540))
    }
}

@Suite struct BlockAlignmentTests {
    @Test func alignedOriginIsTheNearestFittingMultiple() throws {
        for size in TestSizes.all where size.width < 10_000 || size.height < 10_000 {
            for block in [1, 8, 16] {
                let square = size.centeredSquare
                let aligned = try #require(square.alignedOrigin(toBlock: block, within: size))
                #expect(aligned.rect.size == square.size)
                #expect(aligned.rect.x % block == 0 && aligned.rect.y % block == 0)
                #expect(size.contains(aligned.rect))
                #expect(aligned.shiftX == aligned.rect.x - square.x && aligned.shiftY == aligned.rect.y - square.y)
                #expect(abs(aligned.shiftX) <= block / 2 || aligned.shiftX < 0 && -aligned.shiftX < block)
                #expect(aligned.offsetFromCenterX == aligned.rect.center.x - Double(size.width) / 2)
                // No other fitting multiple is strictly nearer (checked plainly:
                // thousands of candidates, and #expect records each evaluation).
                let nearer = stride(from: 0, through: size.width - square.width, by: block).first { abs($0 - square.x) < abs(aligned.shiftX) }
                #expect(nearer == nil, "\(size) block \(block): \(nearer ?? 0) is nearer than \(aligned.rect.x)")
                if block == 1 { #expect(aligned.isExact) }
            }
        }
    }

    @Test func examples() throws {
        let size = PixelSize(width: 1920, height: 1080)
        // Centre square x = 420: multiples of 16 are 416 and 432; 416 is nearer.
        let a = try #require(size.centeredSquare.alignedOrigin(toBlock: 16, within: size))
        #expect(a.rect == PixelRect(x: 416, y: 0, width: 1080, height: 1080) && a.shiftX == -4 && a.offsetFromCenterX == -4)
        // 4032x3024: x = 504 is a multiple of 8 and of 16? 504 = 31.5×16 → tie goes down to 496.
        let b = try #require(PixelSize(width: 4032, height: 3024).centeredSquare.alignedOrigin(toBlock: 16, within: PixelSize(width: 4032, height: 3024)))
        #expect(b.rect.x == 496 && b.shiftX == -8)
        // Rounding up only when it fits: 30 wide, square 20 at x 5 with block 8 → 8 fits (8+20 ≤ 30).
        let c = try #require(PixelRect(x: 5, y: 0, width: 20, height: 20).alignedOrigin(toBlock: 8, within: PixelSize(width: 30, height: 20)))
        #expect(c.rect.x == 8)
        // 27 wide: 8 + 20 > 27, so it goes down to 0.
        let d = try #require(PixelRect(x: 5, y: 0, width: 20, height: 20).alignedOrigin(toBlock: 8, within: PixelSize(width: 27, height: 20)))
        #expect(d.rect.x == 0 && d.shiftX == -5)
        #expect(PixelRect(x: 0, y: 0, width: 30, height: 20).alignedOrigin(toBlock: 8, within: PixelSize(width: 27, height: 20)) == nil)
        #expect(PixelRect(x: 0, y: 0, width: 3, height: 3).alignedOrigin(toBlock: 0, within: PixelSize(width: 27, height: 20)) == nil)
    }
}
