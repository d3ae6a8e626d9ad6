import Foundation
import SquareCamCore
import SquareCamImaging
import Testing

/// A recording decoded to its end by GStreamer's own `gst-launch-1.0`
/// (matroskademux, vp8dec, opusdec: what a player does), with what the
/// demuxer said the tracks were and the time of every decoded buffer.
struct DecodedRecording {
    /// The demuxer's caps per track: `video/x-vp8, width=(int)1080, …`.
    var videoCaps: String?
    var audioCaps: String?
    /// Presentation times in seconds of the decoded frames and sound buffers, in order.
    var frameTimes: [Double] = []
    var soundTimes: [Double] = []
    /// Errors and warnings GStreamer printed while decoding.
    var problems: [String] = []

    var width: Int? { videoCaps.flatMap { Self.integer("width", in: $0) } }
    var height: Int? { videoCaps.flatMap { Self.integer("height", in: $0) } }

    /// Decodes `path`; a track the file lacks is simply not decoded.
    init(_ path: String) throws {
        // A branch for a track the file lacks would never end, so the
        // tracks are looked up first: their codec ids are in the Tracks
        // element at the file's start.
        let head = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 8192) ?? Data()
        let hasSound = head.range(of: Data("A_OPUS".utf8)) != nil
        var arguments = ["-v", "filesrc", "location=\(path)", "!", "matroskademux", "name=demux",
                         "demux.video_0", "!", "queue", "name=videotrack", "!", "vp8dec", "!", "fakesink", "name=picture"]
        if hasSound {
            arguments += ["demux.audio_0", "!", "queue", "name=soundtrack", "!", "opusdec", "!", "fakesink", "name=sound"]
        }
        // Every buffer reaching a sink, from GStreamer's scheduling log:
        // written as it happens (a fakesink's last-message, read later by
        // gst-launch -v, skips and repeats buffers).
        let decoded = try CLIRunner.run(arguments, environment: ["GST_DEBUG": "2,GST_SCHEDULING:7", "GST_DEBUG_NO_COLOR": "1"],
                                        timeout: 60, program: "/usr/bin/gst-launch-1.0")
        try #require(!decoded.timedOut, "gst-launch did not finish decoding \(path)")
        // The demuxer's caps, as -v prints them for the pads they pass
        // (each is printed for several pads; any one is enough).
        for line in decoded.output.split(separator: "\n") where line.contains("track.GstPad:") {
            let caps = String(line.split(separator: "caps = ", maxSplits: 1).last ?? "")
            if caps.hasPrefix("video/x-vp8") { videoCaps = caps }
            if caps.hasPrefix("audio/x-opus") { audioCaps = caps }
        }
        for line in decoded.error.split(separator: "\n") where line.contains("calling chainfunction") {
            guard let time = Self.presentationTime(in: line) else { continue }
            if line.contains("<picture:sink>") { frameTimes.append(time) }
            if line.contains("<sound:sink>") { soundTimes.append(time) }
        }
        problems = (decoded.output + decoded.error).split(separator: "\n")
            .filter { $0.hasPrefix("ERROR") || $0.hasPrefix("WARNING") || $0.contains(" ERROR ") || $0.contains(" WARN ") }
            // Two warnings GStreamer 1.22 gives for files that play whole:
            // filesrc's start-up, and matroskademux meeting the index (Cues)
            // after the only cluster of any short webmmux file, gst-launch's own included.
            .filter { !$0.hasSuffix("pad not activated yet") && !$0.contains("Unknown ebml id 0x1c53bb6b (possibly garbage)") }
            .map(String.init)
    }

    /// The sound's loudness, 0 (silence) to 1 (full scale): the root mean
    /// square of its samples, over the whole file or, with `loudest`, over
    /// its loudest tenth of a second (a microphone linked late is silent at first).
    static func soundLevel(of path: String, into folder: String, loudest: Bool = false) throws -> Double {
        let raw = folder + "/sound.raw"
        let result = try CLIRunner.run(
            ["-q", "filesrc", "location=\(path)", "!", "matroskademux", "!", "opusdec", "!", "audioconvert", "!", "audioresample",
             "!", "audio/x-raw,format=S16LE,channels=1,rate=48000", "!", "filesink", "location=\(raw)"],
            timeout: 30, program: "/usr/bin/gst-launch-1.0")
        try #require(result.status == 0, "\(result.error)")
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        func level(_ part: ArraySlice<Int16>) -> Double {
            guard !part.isEmpty else { return 0 }
            return (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot() / 32768
        }
        guard loudest else { return level(samples[...]) }
        return stride(from: 0, to: samples.count, by: 4800).map { level(samples[$0..<min($0 + 4800, samples.count)]) }.max() ?? 0
    }

    /// The first decoded frame of `path`, as RGB.
    static func firstFrame(of path: String, into folder: String) throws -> Frame {
        let png = folder + "/first-frame.png"
        let result = try CLIRunner.run(
            ["-q", "filesrc", "location=\(path)", "!", "matroskademux", "!", "vp8dec", "!", "videoconvert",
             "!", "pngenc", "snapshot=true", "!", "filesink", "location=\(png)"],
            timeout: 30, program: "/usr/bin/gst-launch-1.0")
        try #require(result.status == 0, "\(result.error)")
        defer { try? FileManager.default.removeItem(atPath: png) }
        return try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
    }

    /// `pts 0:00:03.909000000` in a scheduling log line.
    private static func presentationTime(in line: Substring) -> Double? {
        guard let match = line.firstMatch(of: /, pts (\d+):(\d\d):(\d\d\.\d+)/),
              let hours = Double(match.1), let minutes = Double(match.2), let seconds = Double(match.3) else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    private static func integer(_ field: String, in caps: String) -> Int? {
        guard let match = caps.firstMatch(of: try! Regex("\(field)=\\(int\\)(\\d+)")) else { return nil }
        return (match.output[1].substring).flatMap { Int($0) }
    }
}
