@testable import SquareCamCapture
import SquareCamCore
import Testing

/// Where the analysis branch sits in a pipeline's text.
@Suite struct AnalysisBranchTextTests {
    /// A headless camera (no viewfinder) that is analysed still gets a tee,
    /// with the branch off it beside the still branch.
    @Test func aHeadlessAnalysedCameraHasTheBranchOffTheTee() {
        var description = PipelineDescription(source: .v4l2(devicePath: "/dev/video0"), mode: nil)
        description.hasViewfinder = false
        #expect(!description.launchText.contains("tee"))
        description.hasAnalysis = true
        let text = description.launchText
        #expect(text.contains("tee name=\(PipelineDescription.teeName)"))
        #expect(text.contains("\(PipelineDescription.teeName). ! queue name=\(AnalysisBranch.queueName) leaky=downstream"))
        #expect(text.contains("name=\(PipelineDescription.stillSinkName)") && !text.contains("name=\(PipelineDescription.viewfinderSinkName)"))
        // The whole frame (no crop), bounded, gray, into a sink that drops rather than waits.
        #expect(!text.contains("aspectratiocrop"))
        #expect(text.contains("width=[1,960],height=[1,960],pixel-aspect-ratio=1/1"))
        #expect(text.contains("format=GRAY8 ! appsink name=\(AnalysisBranch.sinkName) max-buffers=1 drop=true"))
    }
}
