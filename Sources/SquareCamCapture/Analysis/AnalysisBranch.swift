/// The analysis branch of a capture pipeline (gst-launch syntax): the whole
/// frame, not only the square (a code may be held beside the subject), gray,
/// scaled down to at most `longSide` on its long side, for analysers (codes,
/// faces) that want a recent frame, not every frame.
///
/// `tee ! queue (leaky, one frame) ! videoscale ! videoconvert ! GRAY8 ! appsink (drop, one frame)`:
/// the queue's sink pad carries `AnalysisGate`'s probe, which lets through
/// only as many frames a second as the attached analysers want (none while no
/// analyser is attached), so the scaling runs only for those; a leaky queue
/// and a dropping appsink mean a slow branch loses its own frames and never
/// holds the tee, so the viewfinder and the still branch never wait for it.
enum AnalysisBranch {
    static let queueName = "analysisqueue"
    static let sinkName = "analysis"

    /// The analysed frame's long side at most; a smaller frame is not enlarged.
    /// Measured with zbar and videoscale's bilinear scaling on codes placed in
    /// a 1920x1080 frame (8 each): a code reads when its modules are at least
    /// 2 px in the analysed frame — 4 px modules at 960 (8 of 8), 3 px modules
    /// only at 1280 (7 of 8; 2 to 4 of 8 at 960). 960 reads a code from about
    /// 130 px (a fifteenth of a Full HD frame's width); zbar takes about
    /// 13 ms on a textured 960x540 frame, and would take twice that at 1280.
    static let longSide = 960

    /// The most frames a second the branch hands out, whatever an analyser asks.
    static let maximumFramesPerSecond = 15.0

    /// The branch, hanging off the tee named `tee`.
    static func launchText(tee: String) -> String {
        "\(tee). ! queue name=\(queueName) leaky=downstream max-size-buffers=1 max-size-bytes=0 max-size-time=0"
            // Scaled before converted: scaling the camera's format (I420, YUY2,
            // RGB) first and converting the small result cost less than the other
            // way round in every format measured (I420 at 1080p: 5 ms against 7 ms).
            // The caps keep the frame's shape (videoscale keeps its display
            // aspect ratio within the bounds) and square pixels.
            + " ! videoscale ! video/x-raw,width=[1,\(longSide)],height=[1,\(longSide)],pixel-aspect-ratio=1/1"
            + " ! videoconvert ! video/x-raw,format=GRAY8"
            + " ! appsink name=\(sinkName) max-buffers=1 drop=true sync=false async=false"
    }
}
