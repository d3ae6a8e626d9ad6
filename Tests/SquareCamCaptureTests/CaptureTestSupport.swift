import Foundation
import SquareCamCore
import Synchronization

/// Helpers for reading pixels and waiting for real events in capture tests.
enum CaptureTestSupport {
    /// Tests/Fixtures, found from this file's path (see Tests/Fixtures/SOURCES.md).
    static var fixtures: URL {
        // Resolve links: the tests may be built from a linked copy of this folder.
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// The path of a file in Tests/Fixtures.
    static func fixture(_ relative: String) -> String {
        fixtures.appendingPathComponent(relative).path
    }

    /// The RGB of a pixel of an .rgb or .rgba frame.
    static func rgb(_ frame: Frame, x: Int, y: Int) -> (Int, Int, Int) {
        let bytesPerPixel = frame.layout == .rgba ? 4 : 3
        let plane = frame.planes[0]
        let offset = y * plane.stride + x * bytesPerPixel
        return (Int(plane.bytes[offset]), Int(plane.bytes[offset + 1]), Int(plane.bytes[offset + 2]))
    }

    /// The RGB of a pixel of a viewfinder picture (B, G, R, A bytes), and its alpha.
    static func rgb(_ picture: ScreenPicture, x: Int, y: Int) -> (Int, Int, Int) {
        let pixel = (picture.pixels + y * picture.stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
    }

    static func alpha(_ picture: ScreenPicture, x: Int, y: Int) -> UInt8 {
        (picture.pixels + y * picture.stride + x * 4 + 3).load(as: UInt8.self)
    }

    /// The RGB of a pixel of a full-range BT.601 (JFIF) .i420 frame.
    static func rgbFromI420(_ frame: Frame, x: Int, y: Int) -> (Int, Int, Int) {
        let luma = Double(frame.planes[0].bytes[y * frame.planes[0].stride + x])
        let chromaOffset = (y / 2) * frame.planes[1].stride + x / 2
        let cb = Double(frame.planes[1].bytes[chromaOffset]) - 128
        let cr = Double(frame.planes[2].bytes[chromaOffset]) - 128
        func clamp(_ value: Double) -> Int { Int(min(255, max(0, value.rounded()))) }
        return (clamp(luma + 1.402 * cr), clamp(luma - 0.344136 * cb - 0.714136 * cr), clamp(luma + 1.772 * cb))
    }

    static func isClose(_ pixel: (Int, Int, Int), _ expected: (red: UInt8, green: UInt8, blue: UInt8), tolerance: Int) -> Bool {
        abs(pixel.0 - Int(expected.red)) <= tolerance
            && abs(pixel.1 - Int(expected.green)) <= tolerance
            && abs(pixel.2 - Int(expected.blue)) <= tolerance
    }

    /// The names of this process's threads (GStreamer names a streaming
    /// thread after its pad, "element:pad"), sorted; without libdispatch's
    /// workers ("com.apple.root.default-qos", shown by its last 15
    /// characters): their number follows whatever blocking work the whole
    /// process queues (in a full run, twenty came and stayed past ten
    /// seconds), and no camera of ours runs on them.
    static var threadNames: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.hasPrefix("oot.") && !$0.contains("-qos") }.sorted()
    }

    /// The threads in `after` beyond those in `before`, by name: "name ×count, …".
    static func addedThreads(_ before: [String], _ after: [String]) -> String {
        var counts = [String: Int]()
        for name in after { counts[name, default: 0] += 1 }
        for name in before { counts[name, default: 0] -= 1 }
        return counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
            .map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }

    /// Polls `condition` until it holds or `seconds` pass; true when it held.
    /// How long a stopped camera's pipeline may take to be freed. Teardowns
    /// run one after another on one queue for the whole process, and in a
    /// full, parallel test run another suite's pipeline (a PipeWire one whose
    /// daemon is gone) can hold that queue for seconds: 5 s failed there once.
    static let teardownSeconds = 30.0

    static func wait(upTo seconds: Double, for condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return try await condition()
    }
}

/// Collects the pictures a viewfinder delivers on GStreamer's thread.
final class PictureCollector: Sendable {
    private let pictures = Mutex<[ScreenPicture]>([])

    var count: Int { pictures.withLock { $0.count } }
    var last: ScreenPicture? { pictures.withLock { $0.last } }

    func receive(_ picture: ScreenPicture) {
        pictures.withLock { list in
            list.append(picture)
            if list.count > 4 { list.removeFirst() }
        }
    }

    func clear() { pictures.withLock { $0.removeAll() } }
}
