import SquareCamController
import SquareCamCore
import Synchronization
import Testing

/// A QR code in view while live: read from the camera's analysis frames at
/// two a second, held in `codeInView` until four looks in a row miss it,
/// and not read at all off the live page.
@MainActor struct CodeInViewTests {
    /// What the fake reader "sees": set by the test, read on any thread.
    final class Seen: Sendable {
        private let text = Mutex<String?>(nil)
        var value: String? {
            get { text.withLock { $0 } }
            set { text.withLock { $0 = newValue } }
        }
        let reads = Atomic(0)
    }

    private func harness(_ seen: Seen) async throws -> (ControllerHarness, FakeCamera) {
        let harness = try ControllerHarness(codeReader: .init { _ in
            seen.reads.add(1, ordering: .relaxed)
            return seen.value.map { [$0] } ?? []
        })
        await harness.launch()
        let camera = try #require(harness.provider.opened.last)
        return (harness, camera)
    }

    @Test func aCodeInViewIsHeldUntilFourLooksMissIt() async throws {
        let seen = Seen()
        let (harness, camera) = try await harness(seen)
        #expect(camera.analysisRate("codes") == 2)
        camera.analyseFrame("codes")
        await harness.settle()
        #expect(harness.controller.codeInView == nil)

        seen.value = "https://example.org/a"
        camera.analyseFrame("codes")
        await harness.settle()
        #expect(harness.controller.codeInView == "https://example.org/a")

        seen.value = nil
        for _ in 1...3 { camera.analyseFrame("codes") }
        await harness.settle()
        #expect(harness.controller.codeInView == "https://example.org/a", "a few missed looks keep the bar")
        camera.analyseFrame("codes")
        await harness.settle()
        #expect(harness.controller.codeInView == nil, "the fourth miss in a row takes it away")
    }

    @Test func nothingIsReadOffTheLivePageAndTheCodeGoesWithIt() async throws {
        let seen = Seen()
        seen.value = "hello"
        let (harness, camera) = try await harness(seen)
        camera.analyseFrame("codes")
        await harness.settle()
        #expect(harness.controller.codeInView == "hello")
        harness.controller.shutterPressed()
        await harness.settle()
        guard case .reviewing = harness.state else {
            Issue.record("not reviewing: \(harness.state)")
            return
        }
        #expect(harness.controller.codeInView == nil, "no bar over the review")
        let before = seen.reads.load(ordering: .relaxed)
        camera.analyseFrame("codes")
        await harness.settle()
        #expect(seen.reads.load(ordering: .relaxed) == before && harness.controller.codeInView == nil)
    }

    @Test func aStillSceneIsReadOnceAndAChangedOneAtOnce() async throws {
        let seen = Seen()
        let (harness, camera) = try await harness(seen)
        // 96x54 gray: a plain wall, then the same wall with a code's modules held up in it.
        let wall = [UInt8](repeating: 120, count: 96 * 54)
        var held = wall
        for row in 10..<40 { for column in 30..<60 { held[row * 96 + column] = (row / 2 + column / 2) % 2 == 0 ? 0 : 255 } }
        func frame(_ bytes: [UInt8]) -> Frame {
            Frame(size: PixelSize(width: 96, height: 54), layout: .gray, planes: [.init(bytes: bytes, stride: 96)])
        }
        for _ in 1...3 { camera.analyseFrame("codes", frame: frame(wall)) }
        await harness.settle()
        #expect(seen.reads.load(ordering: .relaxed) == 1, "the still wall is read once")
        seen.value = "held up"
        camera.analyseFrame("codes", frame: frame(held))
        await harness.settle()
        #expect(seen.reads.load(ordering: .relaxed) == 2)
        #expect(harness.controller.codeInView == "held up", "the code held up is read at the next look")
        #expect(harness.controller.codeLookCounts == (made: 2, skipped: 2))
    }

    @Test func withoutAReaderNoAnalysisIsAsked() async throws {
        let harness = try await ControllerHarness.live()
        #expect(try #require(harness.provider.opened.last).analysisRate("codes") == 0)
    }
}
