import Testing
import SquareCamCore

/// The live face analysis's plan: whole frames once a second until a
/// face is known, then only around it, with a whole frame every two seconds.
@Suite struct FaceSearchTests {
    static let frame = PixelSize(width: 640, height: 360)
    static let face = Rect2D(x: 400, y: 100, width: 80, height: 80)

    @Test func wholeFramesOnceASecondWhileNoFaceIsKnown() {
        var search = FaceSearch()
        let start = ContinuousClock.now
        var looks: [FaceSearch.Look] = []
        for fifth in 0..<10 {
            let look = search.next(at: start + .milliseconds(200 * fifth), in: Self.frame)
            search.found([], by: look)
            looks.append(look)
        }
        #expect(looks.filter { $0 == .wholeFrame }.count == 2, "two seconds: \(looks)")
        #expect(looks.allSatisfy { $0 == .wholeFrame || $0 == .skip })
    }

    @Test func aroundTheKnownFaceEveryLookAndTheWholeFrameEveryTwoSeconds() {
        var search = FaceSearch()
        let start = ContinuousClock.now
        search.found([Self.face], by: search.next(at: start, in: Self.frame))
        var looks: [FaceSearch.Look] = []
        for fifth in 1...10 {
            let look = search.next(at: start + .milliseconds(200 * fifth), in: Self.frame)
            search.found([Self.face], by: look)
            looks.append(look)
        }
        // The face with a face width on every side: 240x240 around it, cut at the frame's edges.
        let region = PixelRect(x: 320, y: 20, width: 240, height: 240)
        #expect(looks.prefix(9).allSatisfy { $0 == .region(region) }, "\(looks)")
        #expect(looks.last == .wholeFrame)
        #expect(Double(region.size.area) / Double(Self.frame.area) < 0.3, "the region is no saving")
    }

    @Test func aFaceLostAroundItSendsTheSearchBackToWholeFrames() {
        var search = FaceSearch()
        let start = ContinuousClock.now
        search.found([Self.face], by: search.next(at: start, in: Self.frame))
        let around = search.next(at: start + .milliseconds(100), in: Self.frame)
        guard case .region = around else {
            Issue.record("not around the face: \(around)")
            return
        }
        search.found([], by: around)
        #expect(search.known.isEmpty)
        #expect(search.next(at: start + .milliseconds(400), in: Self.frame) == .skip)
        #expect(search.next(at: start + .milliseconds(1000), in: Self.frame) == .wholeFrame)
    }

    @Test func facesNearTheEdgeGiveARegionInsideTheFrame() {
        var search = FaceSearch()
        let start = ContinuousClock.now
        search.found([Rect2D(x: 600, y: 320, width: 60, height: 60), Rect2D(x: -5, y: 0, width: 40, height: 40)],
                     by: search.next(at: start, in: Self.frame))
        guard case .region(let region) = search.next(at: start + .milliseconds(100), in: Self.frame) else {
            Issue.record("no region")
            return
        }
        #expect(Self.frame.contains(region) && region == Self.frame.bounds, "\(region)")
    }
}
