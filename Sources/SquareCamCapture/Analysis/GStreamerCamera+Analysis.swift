import SquareCamCore

extension GStreamerCamera {
    /// Attaches `analyser` (replacing one of the same name), which gets the
    /// analysis branch's frames from now on, across stops and starts, until
    /// `removeAnalyser`. Only a camera configured with `analysis` has the branch.
    public func setAnalyser(_ analyser: FrameAnalyser) {
        analysers.set(analyser)
    }

    /// Detaches the analyser named `name`; the analysis it is running finishes.
    public func removeAnalyser(named name: String) {
        analysers.remove(named: name)
    }

    /// The front end's analyses (`Camera`), one analyser each.
    public func setFrameAnalysis(named name: String, framesPerSecond: Double, _ analyse: (@Sendable (Frame, PixelSize) -> Void)?) {
        guard let analyse else { return removeAnalyser(named: name) }
        setAnalyser(FrameAnalyser(name: name, framesPerSecond: framesPerSecond) { analysed in
            analyse(analysed.frame, analysed.cameraFrameSize)
        })
    }

    /// Connects a new pipeline's analysis branch: the probe that keeps to
    /// the analysers' rate, and the sink that hands them its frames.
    func connectAnalysis(of pipeline: GStreamerPipeline, generation: Int) {
        let analysers = analysers
        PadProbe.filterBuffers(in: pipeline, element: AnalysisBranch.queueName, pad: "sink") { _ in
            analysers.admitsFrame(at: .now)
        }
        AppSink.deliverSamples(from: pipeline, sinkNamed: AnalysisBranch.sinkName) { [weak self] sample in
            self?.receiveAnalysis(sample, generation: generation)
        }
    }

    private func receiveAnalysis(_ sample: VideoSample, generation: Int) {
        let arrived = ContinuousClock.now
        guard let cameraFrameSize = frameSize(ifStreaming: generation),
              let frame = try? sample.makeFrame(layout: .gray) else { return }
        analysers.deliver(AnalysisFrame(frame: frame, cameraFrameSize: cameraFrameSize, arrived: arrived))
    }
}
