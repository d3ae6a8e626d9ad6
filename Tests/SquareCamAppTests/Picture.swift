import CXCapture
import Foundation
import Synchronization
import TestThreads

/// An RGB image read from the X server (a screenshot), through ImageMagick
/// (`convert … ppm:-`) or djpeg, for comparing screenshots with saved photos.
struct Picture {
    let width: Int
    let height: Int
    /// R, G, B bytes, row by row.
    let pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads any image ImageMagick can read.
    init(file: URL) throws {
        try self.init(ppm: Tool.outputData("convert", [file.path, "-alpha", "off", "-depth", "8", "ppm:-"]))
    }

    /// The X window `window` (0: the whole screen) of `display`, as it shows now.
    init(window: UInt, on display: String) throws {
        var rgb: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard cxcapture_window(display, window, &rgb, &width, &height, &message) == 0, let rgb else {
            throw AppTestError("screenshot: " + String(cString: message))
        }
        defer { free(rgb) }
        self.init(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: rgb, count: Int(width) * Int(height) * 3)))
    }

    /// The picture as a binary PPM (P6).
    var ppm: Data {
        Data("P6\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }

    /// Decodes a JPEG the app saved, with libjpeg's own djpeg.
    init(jpeg file: URL) throws {
        try self.init(ppm: Tool.outputData("djpeg", ["-ppm", file.path]))
    }

    /// Decodes a binary PPM (P6, maxval 255).
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var text = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) {
                text.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            return text
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw AppTestError("not a binary 8-bit PPM")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else { throw AppTestError("the PPM is truncated") }
        self.init(width: width, height: height, pixels: Array(bytes[index..<(index + width * height * 3)]))
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }

    /// The part of the picture inside a rectangle.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Picture {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 3)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 3
            out += pixels[start..<(start + width * 3)]
        }
        return Picture(width: width, height: height, pixels: out)
    }

    /// Box-filtered down (or nearest-neighbour up) to `width`×`height`.
    func resized(width newWidth: Int, height newHeight: Int) -> Picture {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let y0 = y * height / newHeight, y1 = max(y0 + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let x0 = x * width / newWidth, x1 = max(x0 + 1, (x + 1) * width / newWidth)
                var sums = (0, 0, 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let p = pixel(sx, sy)
                        sums.0 += p.r; sums.1 += p.g; sums.2 += p.b
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let offset = (y * newWidth + x) * 3
                out[offset] = UInt8(sums.0 / count)
                out[offset + 1] = UInt8(sums.1 / count)
                out[offset + 2] = UInt8(sums.2 / count)
            }
        }
        return Picture(width: newWidth, height: newHeight, pixels: out)
    }

    /// Mean of (R + G + B) / 3 over the picture.
    var meanLuminance: Double {
        Double(pixels.reduce(0) { $0 + Int($1) }) / Double(max(1, pixels.count))
    }

    /// The share of pixels for which `test` holds.
    func fraction(where test: ((r: Int, g: Int, b: Int)) -> Bool) -> Double {
        var count = 0
        for y in 0..<height { for x in 0..<width where test(pixel(x, y)) { count += 1 } }
        return Double(count) / Double(max(1, width * height))
    }

    /// The picture flipped left to right.
    func mirrored() -> Picture {
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + x) * 3, to = (y * width + (width - 1 - x)) * 3
                out[to] = pixels[from]
                out[to + 1] = pixels[from + 1]
                out[to + 2] = pixels[from + 2]
            }
        }
        return Picture(width: width, height: height, pixels: out)
    }

    /// Mean absolute difference per channel (0–255) against a picture of the same size.
    func meanDifference(to other: Picture) -> Double {
        precondition(width == other.width && height == other.height)
        var total = 0
        for index in pixels.indices { total += abs(Int(pixels[index]) - Int(other.pixels[index])) }
        return Double(total) / Double(pixels.count)
    }

    /// The bounding box of pixels that differ by more than `threshold` in any channel.
    func differenceBounds(to other: Picture, threshold: Int = 24) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var bounds: (Int, Int, Int, Int)?
        for y in 0..<min(height, other.height) {
            for x in 0..<min(width, other.width) {
                let a = pixel(x, y), b = other.pixel(x, y)
                guard abs(a.r - b.r) > threshold || abs(a.g - b.g) > threshold || abs(a.b - b.b) > threshold else { continue }
                if let current = bounds {
                    bounds = (min(current.0, x), min(current.1, y), max(current.2, x), max(current.3, y))
                } else {
                    bounds = (x, y, x, y)
                }
            }
        }
        return bounds.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }
}

/// Runs the tools the tests read pictures and files with.
enum Tool {
    /// Runs `tool` with `environment` added to this process's, and returns
    /// its raw standard output; throws with its standard error when it fails.
    static func outputData(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Data {
        let process = Process()
        process.executableURL = try executable(tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let (status, outputs) = process.collectOutput(of: [pipe, errors])
        guard status == 0 else {
            let errorText = String(decoding: outputs[1], as: UTF8.self)
            throw AppTestError("\(tool) \(arguments.joined(separator: " ")) failed (\(status!)): \(errorText)")
        }
        return outputs[0]
    }

    private static let found = Mutex<[String: URL]>([:])

    /// `tool` found on the PATH once: the tests run xdotool hundreds of
    /// times, and /usr/bin/env looking for it each time was one more program.
    static func executable(_ tool: String) throws(AppTestError) -> URL {
        if let known = found.withLock({ $0[tool] }) { return known }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let folder = path.split(separator: ":").first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }) else {
            throw AppTestError("\(tool) is not installed (not on the PATH): run scripts/install-deps.sh")
        }
        let url = URL(fileURLWithPath: "\(folder)/\(tool)")
        found.withLock { $0[tool] = url }
        return url
    }
}

/// Screenshots worth keeping for the README: written to
/// `$SQUARECAM_SCREENSHOTS` when set (e.g. docs/screenshots), else not kept.
enum Screenshots {
    static func keep(_ file: URL, as name: String) throws {
        guard let folder else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name + ".png")
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: file, to: target)
    }

    /// Keeps a screenshot, as a PNG.
    static func keep(_ picture: Picture, as name: String) throws {
        guard let folder else { return }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-\(UUID().uuidString).ppm")
        try picture.ppm.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        _ = try Tool.outputData("convert", [source.path, URL(fileURLWithPath: folder).appendingPathComponent(name + ".png").path])
    }

    private static var folder: String? {
        guard let folder = ProcessInfo.processInfo.environment["SQUARECAM_SCREENSHOTS"], !folder.isEmpty else { return nil }
        return folder
    }
}
