import Foundation
import SquareCamCore
import Testing
import TestThreads
@testable import SquareCamImaging

/// 16-bit pictures made in the tests (through our own writer, cross-checked
/// with ImageMagick), and a look inside PNG files.
enum SixteenBitImages {
    /// Samples where neighbours differ in the low byte too: what 8 bits could not keep.
    static func pattern(width: Int, height: Int, channels: Int) -> Frame16 {
        var samples = [UInt16](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<channels {
                    samples[(y * width + x) * channels + channel] =
                        UInt16(truncatingIfNeeded: x * 4099 + y * 771 + channel * 11_111 + (x * y) % 251)
                }
            }
        }
        return Frame16(size: PixelSize(width: width, height: height), channels: channels, samples: samples)
    }

    /// A smooth gradient, each channel its own direction (alpha nearly opaque): for resampling.
    static func gradient(width: Int, height: Int, channels: Int) -> Frame16 {
        var samples = [UInt16](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let values = [x * 65535 / (width - 1), y * 65535 / (height - 1), (x + y) * 65535 / (width + height - 2)]
                for channel in 0..<channels {
                    let isAlpha = channel == channels - 1 && (channels == 2 || channels == 4)
                    samples[(y * width + x) * channels + channel] = UInt16(isAlpha ? 60_000 + x % 5000 : values[channel])
                }
            }
        }
        return Frame16(size: PixelSize(width: width, height: height), channels: channels, samples: samples)
    }

    /// The 8-bit frame's pixels (rows packed) as 16-bit samples, each byte b as b × 257.
    static func widened(_ frame: Frame) -> Frame16 {
        let channels = frame.layout.channelCount
        var samples: [UInt16] = []
        for y in 0..<frame.size.height {
            let row = frame.planes[0].bytes[(y * frame.planes[0].stride)...].prefix(frame.size.width * channels)
            samples += row.map { UInt16($0) * 257 }
        }
        return Frame16(size: frame.size, channels: channels, samples: samples)
    }

    /// The samples of `region` of `frame`, rows packed.
    static func samples(of frame: Frame16, in region: PixelRect) -> [UInt16] {
        (region.y..<region.maxY).flatMap { y in
            frame.samples[((y * frame.size.width + region.x) * frame.channels)...].prefix(region.width * frame.channels)
        }
    }

    /// A PNG's chunks in file order, CRCs unchecked.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var found: [(type: String, data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= png.count else { break }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            found.append((type, Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return found
    }

    /// IHDR's bit depth and colour type (0 gray, 2 RGB, 4 gray+alpha, 6 RGBA).
    static func depthAndColorType(_ png: [UInt8]) -> (depth: UInt8, colorType: UInt8) { (png[24], png[25]) }

    static let colorTypes: [Int: UInt8] = [1: 0, 2: 4, 3: 2, 4: 6]

    /// ImageMagick's `tool` (identify, convert) with `arguments`; its standard output.
    static func magick(_ tool: String, _ arguments: [String]) throws -> Data {
        let path = "/usr/bin/" + tool
        try #require(FileManager.default.isExecutableFile(atPath: path),
                     "ImageMagick's \(tool) is missing: scripts/install-deps.sh installs it (imagemagick)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let (status, outputs) = process.collectOutput(of: [output])
        try #require(status == 0, "\(tool) \(arguments) failed")
        return outputs[0]
    }

    /// The bit depth ImageMagick reads in a file (`identify -format %z`).
    static func identifiedDepth(_ png: [UInt8], in folder: ScratchFolder) throws -> String {
        let path = folder.file("identify-\(UUID().uuidString.prefix(8)).png")
        try Data(png).write(to: URL(fileURLWithPath: path))
        return String(decoding: try magick("identify", ["-format", "%z", path]), as: UTF8.self)
    }

    /// The samples ImageMagick reads in a 16-bit file, host order.
    static func samplesByImageMagick(_ png: [UInt8], channels: Int, in folder: ScratchFolder) throws -> [UInt16] {
        let path = folder.file("raw-\(UUID().uuidString.prefix(8)).png")
        try Data(png).write(to: URL(fileURLWithPath: path))
        let format = ["gray", "graya", "rgb", "rgba"][channels - 1]
        let raw = [UInt8](try magick("convert", [path, "-endian", "MSB", "-depth", "16", format + ":-"]))
        return stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }
    }
}
