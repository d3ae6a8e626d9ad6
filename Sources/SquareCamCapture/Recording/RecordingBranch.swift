import SquareCamCore

/// The recording branch of a camera's pipeline (gst-launch syntax), and the
/// microphone chain that joins it at the muxer:
///
/// `split. ! queue (leaky) ! aspectratiocrop 1/1 ! videoscale ! videoconvert
/// ! I420 N×N ! (videoflip) ! vp8enc ! queue ! webmmux ! fdsink`, and
/// `microphone ! queue ! audioconvert ! audioresample ! audiomixer (over
/// live silence) ! queue ! opusenc ! queue ! webmmux`.
///
/// The crop is the frame's centre square, as a photo's is, or the square
/// the viewfinder showed when the recording joined (zoomed, panned, on a face). The queue at its
/// head drops frames rather than hold the camera back when the encoder
/// falls behind; `RecordingTap` counts what it drops.
struct RecordingBranch: Hashable, Sendable {
    static let queueName = "recordqueue"
    static let encoderName = "recordencoder"
    static let muxerName = "recordmux"
    static let sinkName = "recordsink"
    static let microphoneName = "microphone"
    static let microphoneQueueName = "microphonequeue"
    static let mixerName = "recordmix"
    /// Where the sound's end-of-stream goes in: after the mixer, which would
    /// otherwise wait for a microphone that never ends.
    static let audioQueueName = "recordaudioqueue"
    static let audioEncoderName = "recordaudioencoder"
    /// The bin a recording added to a running pipeline lives in (`LiveBranch`).
    static let binName = "recordbranch"
    /// Elements whose errors are the recording's, not the camera's.
    static let elementNames: Set<String> = [queueName, encoderName, muxerName, sinkName, microphoneName,
                                            microphoneQueueName, mixerName, audioQueueName, binName, "recordsilence", audioEncoderName, "recordcrop", "recordscale", "recordconvert"]

    var settings: RecordingSettings
    /// The frames' size when known before streaming (a chosen mode, the test pattern).
    var frameSize: PixelSize?
    var framesPerSecond: Double
    /// The pipeline's running time when the branch joins it, in nanoseconds:
    /// audiotestsrc counts its timestamps from 0 when it starts, where a
    /// camera's frames and a real microphone's sound carry running time.
    var startsAt: UInt64 = 0
    /// True for a branch `binText` adds to a pipeline that is streaming, with `frameSize` read from its frames.
    var joinsRunningPipeline = false
    /// The square of the frame to record when it joins a running pipeline; nil: the centre square.
    var square: PixelRect?

    /// The recorded square's side, even; nil when the frame size is not known yet.
    var side: Int? {
        guard let frameSize else { return settings.side.map { $0 & ~1 } }
        let full = recordedSquare(of: frameSize).width
        return max(2, min(settings.side ?? full, full) & ~1)
    }

    var bitsPerSecond: Int {
        settings.bitsPerSecond ?? RecordingSettings.defaultBitsPerSecond(side: side ?? 1080, framesPerSecond: framesPerSecond)
    }

    /// libvpx's VP8 threads wait for each other by spinning: a second
    /// thread cost a third of a core more whatever the size (5 s at 30 fps
    /// here: 240² 0.13 → 1.87 s of CPU, 720² 0.81 → 2.03 s, 1080² 2.04 →
    /// 2.57 s), and one thread keeps up with 1080² with room to spare (14 ms
    /// a frame). Two only from 1080² on, for slower processors than this.
    var encoderThreads: Int { (side ?? 1080) >= 1080 ? 2 : 1 }

    /// A keyframe a second: webmmux starts a cluster at each, so a cut
    /// recording loses at most the open cluster's unsynced part.
    private var keyframeDistance: Int { max(1, Int((framesPerSecond > 0 ? framesPerSecond : 30).rounded())) }

    /// The frames' centre square. A bin joining a running pipeline knows the
    /// frames' size (`joinsRunningPipeline`) and cuts it with exact margins:
    /// aspectratiocrop, followed by a sized scale, fails to renegotiate
    /// there (not-negotiated, GStreamer 1.22). Built with its pipeline, the
    /// branch leaves the margins to aspectratiocrop, which reads the
    /// frames' size from the stream.
    private var crop: String {
        guard joinsRunningPipeline, let frameSize else { return "aspectratiocrop name=recordcrop aspect-ratio=1/1" }
        let square = recordedSquare(of: frameSize)
        return "videocrop name=recordcrop left=\(square.x) right=\(frameSize.width - square.maxX)"
            + " top=\(square.y) bottom=\(frameSize.height - square.maxY)"
    }

    private func recordedSquare(of frameSize: PixelSize) -> PixelRect {
        if joinsRunningPipeline, let square, frameSize.contains(square), square.isSquare, !square.isEmpty { return square }
        return frameSize.centeredSquare
    }

    /// The branch as it is built with its pipeline, off the tee named `split`.
    var videoBranch: String { "split. ! " + videoChain }

    /// Picture and sound as one bin whose only free pad is the picture's
    /// input: the app adds it to a pipeline that is already streaming.
    var binText: String { videoChain + " " + audioChain }

    private var videoChain: String {
        let size = side.map { ",width=\($0),height=\($0)" } ?? ""
        // video-direction, not the older method=horizontal-flip, which
        // GStreamer 1.22 ignored: the picture came out unflipped.
        let flip = settings.mirrored ? " ! videoflip video-direction=horiz" : ""
        return "queue name=\(Self.queueName) leaky=downstream max-size-buffers=8 max-size-bytes=0 max-size-time=0"
            + " ! " + crop + " ! videoscale name=recordscale"
            + " ! videoconvert name=recordconvert ! video/x-raw,format=I420,pixel-aspect-ratio=1/1\(size)" + flip
            // Real-time VP8: deadline=1 is libvpx's real-time mode, cpu-used=8
            // its speed at which 1080² at 30 fps keeps up (benchmarks/record.sh),
            // lag 0 so no frame waits for later ones.
            + " ! vp8enc name=\(Self.encoderName) deadline=1 cpu-used=8 threads=\(encoderThreads) lag-in-frames=0 end-usage=cbr"
            + " target-bitrate=\(bitsPerSecond) keyframe-max-dist=\(keyframeDistance) buffer-size=1000"
            + " ! queue max-size-buffers=0 max-size-bytes=0 max-size-time=2000000000"
            // offset-to-zero: a recording begun while the camera has streamed
            // for a while starts at 0 s, not at the pipeline's running time.
            + " ! webmmux name=\(Self.muxerName) offset-to-zero=true ! fdsink name=\(Self.sinkName) fd=\(settings.fileDescriptor) sync=false async=false"
    }

    /// The sound's chain into the muxer; empty without a microphone.
    ///
    /// alignment-threshold: how far the sound's times may part from its
    /// sample count before the mixer follows the times (after a second). A
    /// microphone through PipeWire loses a quantum now and then when its
    /// thread is late; at the default 40 ms the sound ran up to 40 ms early
    /// by the end of ten minutes (benchmarks/av-sync.sh … pipewire), at 20 ms
    /// it is kept within about 20.
    ///
    /// The microphone is mixed over live silence: webmmux writes nothing
    /// until every track has data, so a microphone that never delivers (a
    /// PipeWire stream no node is linked to) would otherwise hold the whole
    /// recording back; with the silence the file gets a quiet track instead.
    /// The queues give the mixer the latency it needs to wait for both.
    var audioChain: String {
        guard let microphone = settings.microphone else { return "" }
        let source: String = switch microphone {
        case .testTone:
            "audiotestsrc name=\(Self.microphoneName) is-live=true timestamp-offset=\(startsAt) wave=sine freq=440 volume=0.2"
        case .syncBeeps:
            // A steady tone that SyncSignal silences between the beeps; mono
            // 16-bit, the samples it knows how to gate.
            "audiotestsrc name=\(Self.microphoneName) is-live=true timestamp-offset=\(startsAt) wave=sine freq=1000 volume=0.5"
                + " ! capsfilter name=\(SyncSignal.beepFilterName) caps=audio/x-raw,format=S16LE,rate=\(SyncSignal.beepRate),channels=1"
        case .pipewire(let target):
            // WirePlumber links a stream only once it knows the media type,
            // which pipewiresrc takes from the caps after it.
            // do-timestamp: pipewiresrc 0.3.65 gives sound no time at all, so
            // the mixer would lay it end to end from 0 s: a microphone whose
            // samples come late, in bursts or a little slow (another clock)
            // would drift from the picture. Stamped with the pipeline's clock
            // when they arrive, as the camera's frames are, the mixer places
            // them on the picture's time line. always-copy: as for cameras
            // (PipelineDescription), the queue may hold a buffer after
            // pipewiresrc 0.3.65 has unmapped PipeWire's memory under it.
            "pipewiresrc name=\(Self.microphoneName) do-timestamp=true always-copy=true" + (target.map { " target-object=\(PipelineDescription.quoted($0))" } ?? "")
                + " ! capsfilter caps=audio/x-raw"
        case .pulse(let device):
            "pulsesrc name=\(Self.microphoneName)" + (device.map { " device=\(PipelineDescription.quoted($0))" } ?? "")
        }
        let format = "audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved"
        return source + " ! queue name=\(Self.microphoneQueueName) max-size-time=1000000000"
            + " ! audioconvert ! audioresample ! \(format) ! \(Self.mixerName)."
            + " audiotestsrc name=recordsilence is-live=true timestamp-offset=\(startsAt) wave=silence ! \(format) ! queue"
            + " ! audiomixer name=\(Self.mixerName) latency=100000000 alignment-threshold=20000000 start-time-selection=first"
            + " ! queue name=\(Self.audioQueueName) ! opusenc name=\(Self.audioEncoderName) bitrate=128000 ! queue ! \(Self.muxerName)."
    }
}
