import SquareCamCore
import Testing

@Suite struct UnchangedSceneSkippingTests {
    /// A textured 960x540 gray picture (the analysis frame's size), with
    /// `noise` levels of random noise on every pixel.
    static func scene(noise: Int = 0, seed: UInt64 = 1, width: Int = 960, height: Int = 540, padding: Int = 0) -> Frame {
        var random = SeededGenerator(seed: seed)
        let stride = width + padding
        var bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let base = 60 + (x * 7 + y * 3) % 120 + ((x / 50 + y / 40) % 2) * 40
                let jitter = noise > 0 ? Int.random(in: -noise...noise, using: &random) : 0
                bytes[y * stride + x] = UInt8(clamping: base + jitter)
            }
        }
        return Frame(size: PixelSize(width: width, height: height), layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: stride)])
    }

    /// `frame` with a black and white checkerboard (a code's modules) of `side` px at (x, y).
    static func withCode(_ frame: Frame, x: Int, y: Int, side: Int) -> Frame {
        var copy = frame
        let stride = copy.planes[0].stride
        for row in y..<(y + side) {
            for column in x..<(x + side) {
                copy.planes[0].bytes[row * stride + column] = ((row - y) / 3 + (column - x) / 3) % 2 == 0 ? 0 : 255
            }
        }
        return copy
    }

    /// `shouldLook`, outside `#expect` (which cannot mutate).
    private func look(_ skipping: inout UnchangedSceneSkipping, at signature: SceneSignature?, now: ContinuousClock.Instant) -> Bool {
        skipping.shouldLook(at: signature, now: now)
    }

    @Test func theSamePictureDoesNotDiffer() throws {
        let a = try #require(SceneSignature(Self.scene()))
        let b = try #require(SceneSignature(Self.scene()))
        #expect(!a.differs(from: b))
    }

    @Test func sensorNoiseDoesNotDiffer() throws {
        // Eight levels either way on every pixel: more than a webcam's in daylight.
        let a = try #require(SceneSignature(Self.scene(noise: 8, seed: 1)))
        let b = try #require(SceneSignature(Self.scene(noise: 8, seed: 2)))
        #expect(!a.differs(from: b))
    }

    @Test(arguments: [(0, 0), (900, 480), (437, 251)])
    func theSmallestReadableCodeAnywhereDiffers(x: Int, y: Int) throws {
        // About 65 px: the smallest code that reads in a 960x540 analysis frame.
        let still = Self.scene(noise: 4, seed: 1)
        let a = try #require(SceneSignature(still))
        let b = try #require(SceneSignature(Self.withCode(Self.scene(noise: 4, seed: 2), x: x, y: y, side: 60)))
        #expect(a.differs(from: b))
    }

    @Test func aCodeOverAGrayOfItsOwnBrightnessDiffers() throws {
        // Half black, half white modules over a gray of their mean: only the texture tells.
        let gray = Frame(size: PixelSize(width: 960, height: 540), layout: .gray,
                         planes: [Frame.Plane(bytes: [UInt8](repeating: 127, count: 960 * 540), stride: 960)])
        let a = try #require(SceneSignature(gray))
        let b = try #require(SceneSignature(Self.withCode(gray, x: 400, y: 200, side: 60)))
        #expect(a.differs(from: b))
    }

    @Test func theTestPatternsNoiseDoesNotDiffer() throws {
        // The corner of GStreamer's SMPTE test pattern, every pixel random anew in
        // every frame, as the analysis branch sees it: scaled down by two, each
        // pixel the mean of four random ones.
        func noisy(_ seed: UInt64) -> Frame {
            var frame = Self.scene()
            var random = SeededGenerator(seed: seed)
            for row in 400..<540 {
                for column in 800..<960 {
                    let four = (0..<4).map { _ in Int.random(in: 0...255, using: &random) }
                    frame.planes[0].bytes[row * 960 + column] = UInt8(four.reduce(0, +) / 4)
                }
            }
            return frame
        }
        let a = try #require(SceneSignature(noisy(1)))
        for seed in 2...6 as ClosedRange<UInt64> {
            #expect(try !#require(SceneSignature(noisy(seed))).differs(from: a), "seed \(seed)")
        }
    }

    @Test func paddedRowsAndOtherLayoutsAreRead() throws {
        let packed = try #require(SceneSignature(Self.scene()))
        let padded = try #require(SceneSignature(Self.scene(padding: 13)))
        #expect(!packed.differs(from: padded))
        // RGB by its green: the gray picture in G, noise in R and B.
        let gray = Self.scene()
        var rgb = [UInt8](repeating: 0, count: gray.planes[0].bytes.count * 3)
        for (index, value) in gray.planes[0].bytes.enumerated() {
            rgb[index * 3] = UInt8(index % 251)
            rgb[index * 3 + 1] = value
            rgb[index * 3 + 2] = UInt8(index % 13)
        }
        let colour = Frame(size: gray.size, layout: .rgb, planes: [Frame.Plane(bytes: rgb, stride: gray.size.width * 3)])
        #expect(try !#require(SceneSignature(colour)).differs(from: packed))
    }

    @Test func aPictureSmallerThanTheGridHasNoSignature() {
        #expect(SceneSignature(Self.scene(width: 23, height: 540)) == nil)
        #expect(SceneSignature(Self.scene(width: 24, height: 24)) != nil)
    }

    @Test func aStillSceneIsLookedAtOnceEveryLongestSkip() throws {
        var skipping = UnchangedSceneSkipping()
        let signature = SceneSignature(Self.scene())
        let start = ContinuousClock.now
        // Two looks a second for five seconds.
        let looks = (0..<10).filter { skipping.shouldLook(at: signature, now: start + .milliseconds(500 * $0)) }
        #expect(looks == [0, 4, 8])
        #expect(skipping.made == 3 && skipping.skipped == 7)
    }

    @Test func aChangedSceneIsLookedAtAtOnce() throws {
        var skipping = UnchangedSceneSkipping()
        let start = ContinuousClock.now
        #expect(look(&skipping, at: SceneSignature(Self.scene()), now: start) == true)
        #expect(look(&skipping, at: SceneSignature(Self.scene(noise: 4)), now: start + .milliseconds(500)) == false)
        let code = SceneSignature(Self.withCode(Self.scene(), x: 300, y: 200, side: 60))
        #expect(look(&skipping, at: code, now: start + .milliseconds(1000)) == true)
    }

    @Test func aSceneWhereSomethingWasFoundIsLookedAtEveryTime() {
        var skipping = UnchangedSceneSkipping()
        let signature = SceneSignature(Self.scene())
        let start = ContinuousClock.now
        #expect(look(&skipping, at: signature, now: start) == true)
        skipping.lookFound()
        // The code is still in view: each look may be the one that sees it gone.
        #expect(look(&skipping, at: signature, now: start + .milliseconds(500)) == true)
        // That look found nothing: the same scene is skipped from now on.
        #expect(look(&skipping, at: signature, now: start + .milliseconds(1000)) == false)
    }

    @Test func aPictureWithoutASignatureIsAlwaysLookedAt() {
        var skipping = UnchangedSceneSkipping()
        let start = ContinuousClock.now
        #expect(look(&skipping, at: nil, now: start) == true)
        #expect(look(&skipping, at: nil, now: start + .milliseconds(500)) == true)
    }
}
