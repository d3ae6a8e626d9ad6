import SquareCamCore

/// The A/V sync signal of the built-in test sources (`--camera test:sync`,
/// `--microphone test:sync`): at every whole second of the pipeline's running
/// time the picture is white for the one frame nearest it, and the sound
/// beeps for 100 ms from that moment exactly. Each source marks the seconds
/// by its own buffers' timestamps, so a recording of the two shows in its
/// content, not only in its timestamps, how far everything after the sources
/// (tee, queues, mixer, encoders, muxer) moved sound against picture:
/// `harness/av-sync/measure.py` measures it.
enum SyncSignal {
    /// The black videotestsrc the flashes are painted on.
    static let flashSourceName = "syncflash"
    /// The caps filter after the steady tone the beeps are cut from.
    static let beepFilterName = "syncbeeps"
    static let beepRate = 48_000
    static let beepNanoseconds: UInt64 = 100_000_000
    private static let second: UInt64 = 1_000_000_000
    /// Y of white and black in BT.601's studio range (the test pattern's).
    private static let white: UInt8 = 235

    /// Paints the flashes onto the sync camera's frames, if `pipeline` has one.
    static func attachFlashes(to pipeline: GStreamerPipeline, size: PixelSize, framesPerSecond: Double) {
        guard framesPerSecond > 0 else { return }
        let frameDuration = UInt64(1e9 / framesPerSecond)
        // I420 from videotestsrc: the luma plane first, rows 4-byte aligned.
        let lumaBytes = (size.width + 3) / 4 * 4 * size.height
        PadProbe.rewriteBuffers(in: pipeline, element: flashSourceName, pad: "src") { time, bytes in
            guard let time, flashes(frameAt: time, frameDuration: frameDuration) else { return }
            bytes.prefix(lumaBytes).update(repeating: white)
        }
    }

    /// Cuts the beeps out of the sync microphone's tone, if `pipeline` has one.
    static func attachBeeps(to pipeline: GStreamerPipeline) {
        PadProbe.rewriteBuffers(in: pipeline, element: beepFilterName, pad: "src") { time, bytes in
            guard let time else { return }
            bytes.withMemoryRebound(to: Int16.self) { samples in
                for index in samples.indices where !beeps(at: time + UInt64(index) * second / UInt64(beepRate)) {
                    samples[index] = 0
                }
            }
        }
    }

    /// Whether the frame shown at `time` (running time, in nanoseconds) is
    /// the one nearest a whole second: the frames from half a frame before
    /// it to half a frame after are one frame's span.
    static func flashes(frameAt time: UInt64, frameDuration: UInt64) -> Bool {
        let intoSecond = time % second
        return intoSecond < frameDuration / 2 || second - intoSecond <= frameDuration - frameDuration / 2
    }

    /// Whether the sound at `time` is within a beep.
    static func beeps(at time: UInt64) -> Bool {
        time % second < beepNanoseconds
    }
}
