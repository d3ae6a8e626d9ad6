import SquareCamCore

/// Which camera the user asked for: `auto`, `test[:WxH[@FPS]][:sync]`, `file:PATH` or a device id.
public enum CameraSpec: Hashable, Sendable, CustomStringConvertible {
    /// The first real camera, else the test pattern.
    case auto
    /// A live, moving test pattern of this size and rate; with `flashes`,
    /// the A/V sync signal instead: black, with a white frame at every whole
    /// second of the stream, when `--microphone test:sync` beeps.
    case test(size: PixelSize, framesPerSecond: Int, flashes: Bool = false)
    /// A still image shown as a live camera.
    case file(path: String)
    /// A camera from the device list, by its id (`/dev/video0`, `pipewire:42`, …).
    case device(id: String)

    /// The test pattern's size when none is given.
    public static let defaultTestSize = PixelSize(width: 1920, height: 1080)
    /// The test pattern's rate when none is given.
    public static let defaultTestFramesPerSecond = 30
    /// Largest side the test pattern accepts (8K).
    public static let maximumTestSide = 8192
    /// Highest test pattern rate accepted.
    public static let maximumTestFramesPerSecond = 240

    /// Parses the text of `--camera`; throws `CameraSpecError` saying what is wrong.
    public init(parsing text: String) throws(CameraSpecError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw .empty }
        if trimmed == "auto" {
            self = .auto
        } else if trimmed == "test" || trimmed == "test:sync" {
            self = .test(size: Self.defaultTestSize, framesPerSecond: Self.defaultTestFramesPerSecond, flashes: trimmed == "test:sync")
        } else if trimmed.hasPrefix("test:") {
            var mode = String(trimmed.dropFirst("test:".count))
            let flashes = mode.hasSuffix(":sync")
            if flashes { mode.removeLast(":sync".count) }
            let (size, rate) = try Self.parseTestMode(mode)
            self = .test(size: size, framesPerSecond: rate, flashes: flashes)
        } else if trimmed.hasPrefix("file:") {
            let path = String(trimmed.dropFirst("file:".count))
            if path.isEmpty { throw .emptyFilePath }
            self = .file(path: path)
        } else {
            self = .device(id: trimmed)
        }
    }

    /// The text that parses back to this spec.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .test(let size, let rate, let flashes): "test:\(size.width)x\(size.height)@\(rate)" + (flashes ? ":sync" : "")
        case .file(let path): "file:\(path)"
        case .device(let id): id
        }
    }

    private static func parseTestMode(_ mode: String) throws(CameraSpecError) -> (PixelSize, Int) {
        let parts = mode.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .badTestMode(mode) }
        let dimensions = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard dimensions.count == 2,
              let width = Int(dimensions[0]), let height = Int(dimensions[1])
        else { throw .badTestMode(mode) }
        guard (2...maximumTestSide).contains(width), (2...maximumTestSide).contains(height) else {
            throw .testSizeOutOfRange(PixelSize(width: width, height: height))
        }
        var rate = defaultTestFramesPerSecond
        if parts.count == 2 {
            guard let parsed = Int(parts[1]) else { throw .badTestMode(mode) }
            guard (1...maximumTestFramesPerSecond).contains(parsed) else {
                throw .testRateOutOfRange(parsed)
            }
            rate = parsed
        }
        return (PixelSize(width: width, height: height), rate)
    }
}

/// Why a `--camera` value could not be understood or found.
public enum CameraSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case badTestMode(String)
    case testSizeOutOfRange(PixelSize)
    case testRateOutOfRange(Int)
    case emptyFilePath
    /// No listed camera has this id; `known` are the ids that exist.
    case unknownDevice(id: String, known: [String])

    public var description: String {
        switch self {
        case .empty:
            "The camera is empty: use auto, test, test:WxH@FPS, file:PATH or an id from 'squarecam devices'."
        case .badTestMode(let mode):
            "The test camera mode '\(mode)' is not WxH or WxH@FPS: write it like test:1920x1080@30."
        case .testSizeOutOfRange(let size):
            "The test camera size \(size) is out of range: each side must be 2 to \(CameraSpec.maximumTestSide) pixels."
        case .testRateOutOfRange(let rate):
            "The test camera rate \(rate) is out of range: use 1 to \(CameraSpec.maximumTestFramesPerSecond) frames per second."
        case .emptyFilePath:
            "The file camera has no path: write it like file:/path/to/photo.jpg."
        case .unknownDevice(let id, let known):
            known.isEmpty
                ? "No camera has the id '\(id)' and no camera is connected: use test, or file:PATH."
                : "No camera has the id '\(id)': use one of \(known.joined(separator: ", ")) (see 'squarecam devices')."
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
