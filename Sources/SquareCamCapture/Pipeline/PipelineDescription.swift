import FoundationEssentials
import SquareCamCore

/// The text of a capture pipeline (gst-launch syntax), built from pure values.
///
/// Shape: `source ! (jpegdec) ! tee`, then two branches, and a recording
/// (`RecordingBranch`) and an analysis branch (`AnalysisBranch`) when asked
/// for (a headless camera with neither has only the first, straight after the
/// source, without tee or queue). The still branch keeps
/// the latest frame in the camera's own format (converted only at shutter time);
/// the viewfinder branch hands frames as they are, behind a leaky queue (a slow
/// viewer drops frames instead of stalling the camera), to `FrameScaler`, which
/// crops and scales them in the camera's format, then converts the small result
/// to RGBA, at whatever size the viewfinder has at that moment.
struct PipelineDescription: Hashable, Sendable {
    static let stillSinkName = "still"
    static let viewfinderSinkName = "viewfinder"
    static let viewfinderValveName = "viewfindervalve"
    /// The tee the branches hang off; a recording joins it while it streams.
    static let teeName = "split"
    /// The PipeWire source, left playing when its pipeline is parked.
    static let pipeWireSourceName = "pipewire"
    /// Frames per second of a `file:` camera: the still image repeated.
    static let imageFileFramesPerSecond = 30

    var source: CameraSource
    /// The mode to request from a device; nil lets the source choose.
    var mode: CameraMode?
    /// A `file:` camera's decoded image (upright already); the source needs its size and format.
    var imageFormat: ImageFileSource.Format?
    /// False for `squarecam shoot`: nobody watches, and a viewfinder branch
    /// costs a tee, two queue threads and a second sink at every start.
    var hasViewfinder = true
    /// A recording branch beside the still (and viewfinder) branch.
    var recording: RecordingBranch?
    /// An analysis branch (`AnalysisBranch`) beside the others.
    var hasAnalysis = false

    var launchText: String {
        guard hasViewfinder || hasAnalysis || recording != nil else { return sourceChain + " ! " + stillSink }
        var branches = [sourceChain + " ! tee name=\(Self.teeName)", stillBranch]
        if hasViewfinder { branches.append(viewfinderBranch) }
        if hasAnalysis { branches.append(AnalysisBranch.launchText(tee: Self.teeName)) }
        if let recording { branches += [recording.videoBranch, recording.audioChain] }
        return branches.joined(separator: " ")
    }

    private var sourceChain: String {
        switch source {
        case .testPattern(let size, let rate, let flashes):
            return Self.testPattern(size: size, framesPerSecond: rate, flashes: flashes)
        case .imageFile:
            // The camera decodes the file itself and feeds it in (ImageFileSource);
            // imagefreeze repeats it as a live stream.
            let format = imageFormat ?? ImageFileSource.Format(size: PixelSize(width: 1, height: 1), videoFormat: "RGB")
            return ImageFileSource.launchText(for: format) + " ! imagefreeze is-live=true"
                + " ! video/x-raw,framerate=\(Self.imageFileFramesPerSecond)/1"
        case .v4l2(let path):
            return "v4l2src device=\(Self.quoted(path))" + modeSection
        case .pipewire(let serial, let fd):
            let remote = fd.map { " fd=\($0)" } ?? ""
            let target = serial == CameraSource.pipewireDefault ? "" : " target-object=\(Self.quoted(serial))"
            // WirePlumber 0.4.13 links a stream only when it knows its media
            // type, which pipewiresrc derives from the caps after it: with none
            // (decodebin accepts anything) the link is destroyed and no frame
            // ever arrives. A chosen mode pins caps already; without one, any
            // raw or JPEG video will do.
            let anyVideo = mode == nil ? " ! capsfilter caps=\"video/x-raw;image/jpeg\"" : ""
            // always-copy: pipewiresrc 0.3.65 hands out buffers that point into
            // PipeWire's own memory and unmaps it when PipeWire takes the buffer
            // back, even while the viewfinder's branch is still reading it (a
            // segfault in the app within a second of going live). A copy per
            // frame is the price of frames that stay valid.
            // max-buffers: each copied frame goes straight back, so a few
            // suffice, and a stream parked after PipeWire died (ParkedPipelines)
            // keeps its buffers mapped: with no limit the test node handed
            // enough for 40 MB per parked stream, with 4 it is 20 MB.
            // do-timestamp: a camera that is another program's stream
            // (pipewiresink, a virtual camera) may send frames with no time;
            // they get the clock's time when they arrive. Cameras that give
            // a time keep it.
            return "pipewiresrc name=\(Self.pipeWireSourceName) always-copy=true max-buffers=4 do-timestamp=true\(target)\(remote)"
                + anyVideo + modeSection
        case .libcamera(let name):
            return "libcamerasrc camera-name=\(Self.quoted(name))" + modeSection
        }
    }

    /// Caps pinning the chosen mode, then a decoder when the mode is compressed.
    private var modeSection: String {
        guard let mode else { return " ! decodebin ! videoconvert" }
        let rate = FrameRate(mode.framesPerSecond)
        var geometry = "width=\(mode.size.width),height=\(mode.size.height)"
        // libcamerasrc 0.0.x cannot negotiate a frame rate: asking for one fails.
        if case .libcamera = source {} else if mode.framesPerSecond > 0 {
            geometry += ",framerate=\(rate.numerator)/\(rate.denominator)"
        }
        if mode.format == CameraModeFormat.motionJPEG {
            return " ! image/jpeg,\(geometry) ! jpegdec"
        }
        return " ! video/x-raw,format=\(mode.format),\(geometry)"
    }

    private var stillBranch: String {
        // Every tee branch needs its own queue (thread), or the branches stall
        // each other; leaky with room for one frame, the newest wins. Sinks are
        // async=false: a closed viewfinder valve means that sink never gets a
        // frame, and an async sink would then hold the pipeline out of PLAYING.
        "split. ! \(Self.leakyQueue(named: "stillqueue")) ! " + stillSink
    }

    private var stillSink: String {
        "appsink name=\(Self.stillSinkName) caps=video/x-raw max-buffers=1 drop=true sync=false async=false"
    }

    /// Named, so that its thread is ("stillqueue:src", "viewfinderqueue"): CPU time by thread tells the branches apart.
    private static func leakyQueue(named name: String) -> String {
        "queue name=\(name) leaky=downstream max-size-buffers=1 max-size-bytes=0 max-size-time=0"
    }

    private var viewfinderBranch: String {
        "split. ! \(Self.leakyQueue(named: "viewfinderqueue"))"
            // Sticky events (caps, segment) pass even while the valve is shut,
            // so the branch is negotiated before its first frame; with the
            // default drop-all a frame could arrive with no caps: not-negotiated.
            + " ! valve name=\(Self.viewfinderValveName) drop=true drop-mode=forward-sticky-events"
            // No crop, scale or convert elements: FrameScaler does all three
            // itself, at a size that may change with every frame.
            + " ! appsink name=\(Self.viewfinderSinkName) caps=video/x-raw max-buffers=1 drop=true sync=false async=false"
    }

    /// The test pattern: GStreamer's SMPTE bars, whose bottom-right corner is
    /// snow that changes every frame (see `TestPattern`). BT.601 at every size,
    /// as JFIF wants, so a still needs only a range stretch, not a matrix change.
    /// The A/V sync signal is black, made white frame by frame by `SyncSignal`.
    static func testPattern(size: PixelSize, framesPerSecond rate: Int, flashes: Bool = false) -> String {
        "videotestsrc is-live=true " + (flashes ? "name=\(SyncSignal.flashSourceName) pattern=black" : "pattern=smpte")
            + " ! video/x-raw,format=I420,width=\(size.width),height=\(size.height),framerate=\(rate)/1,colorimetry=bt601"
    }

    /// A string literal in gst-launch syntax.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
