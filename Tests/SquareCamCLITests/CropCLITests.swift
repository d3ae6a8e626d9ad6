import Foundation
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads

@Suite(.ownThreads) struct CropCLITests {
    /// A fresh folder with a few photos, removed afterwards.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.path + "/squarecam-crop-cli-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { path + "/" + name }
        func photo(_ name: String, width: Int = 160, height: Int = 120) throws {
            var bytes = [UInt8](repeating: 0, count: width * height * 3)
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index / 7) }
            let frame = Frame(size: PixelSize(width: width, height: height), layout: .rgb,
                              planes: [Frame.Plane(bytes: bytes, stride: width * 3)])
            try Data(try JPEGEncoder.encode(frame)).write(to: URL(fileURLWithPath: file(name)))
        }
        func size(_ name: String) throws -> PixelSize {
            try JPEGDecoder.header(of: Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))).size
        }
    }

    @Test func helpDescribesEveryOption() throws {
        let result = try CLIRunner.run(["crop", "--help"])
        #expect(result.status == 0)
        for option in ["--mode", "--size", "--quality", "--subsampling", "--output-dir", "--in-place", "--overwrite",
                       "--jobs", "--recursive", "--dry-run", "--max-pixels", "--format", "--strip-location", "--strip", "--quiet",
                       "--libjpeg-only", "--circle", "--verbose"] {
            #expect(result.output.contains(option), "help lacks \(option)")
        }
    }

    @Test(arguments: [
        [],
        ["--mode", "wide", "x.jpg"],
        ["--quality", "0", "x.jpg"],
        ["--in-place", "--output-dir", "out", "x.jpg"],
        ["--mode", "lossless", "--size", "100", "x.jpg"],
        ["--circle", "--format", "jpeg", "x.jpg"],
        ["--circle", "--format", "same", "x.jpg"],
        ["--circle", "--mode", "lossless", "x.jpg"],
        ["--circle", "--quality", "90", "x.jpg"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let result = try CLIRunner.run(["crop"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(!result.error.isEmpty)
    }

    /// Representative tests run twice: as is, and with none of our own JPEG
    /// code (--libjpeg-only), which must behave the same.
    static let engines: [[String]] = [[], ["--libjpeg-only"]]

    @Test(arguments: engines)
    func cropsAFolderReportsTheBadFileAndGoesOn(engine: [String]) throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try folder.photo("c.jpg", width: 90, height: 200)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder.file("b.jpg")))
        let result = try CLIRunner.run(["crop", "--size", "64"] + engine + [folder.path])
        #expect(result.status == 1)
        let errorLines = result.error.split(separator: "\n").filter { $0.hasPrefix("squarecam: ") }
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.contains(folder.file("b.jpg")) == true)
        #expect(result.error.contains("Cropped 2 files, 1 failed"))
        #expect(try folder.size("a-square.jpg") == PixelSize(width: 64, height: 64))
        #expect(try folder.size("c-square.jpg") == PixelSize(width: 64, height: 64))
        #expect(!FileManager.default.fileExists(atPath: folder.file("b-square.jpg")))
        #expect(!result.error.contains("\r"), "no progress bar when standard error is not a terminal")
        #expect(result.output.contains("a-square.jpg (64x64)"))
    }

    /// `--verbose`: a line with the crop plan after each file's own; the
    /// debug log (SQUARECAM_TRACE=1) has it too, on standard error.
    @Test func verboseSaysHowEachFileIsCropped() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let result = try CLIRunner.run(["crop", "--verbose", "--jobs", "1", "--size", "60", "-o", folder.file("out"), folder.file("a.jpg")])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "  plan: resampled planes, decode libjpeg alone, columns 20–139, 1 thread, fallback none",
                "\(result.output)")
        let lossless = try CLIRunner.run(["crop", "--verbose", "--mode", "lossless", "--libjpeg-only", "--output", "-",
                                          folder.file("a.jpg")])
        #expect(lossless.error.contains("  plan: lossless, decode TurboJPEG transform, 1 thread, fallback none\n"), "\(lossless.error)")
        let traced = try CLIRunner.run(["crop", "--quiet", "--overwrite", "-o", folder.file("out"), folder.file("a.jpg")],
                                       environment: ["SQUARECAM_TRACE": "1"])
        #expect(traced.error.contains("squarecam-trace: crop \(folder.file("a.jpg")) plan: resampled planes") == false)
        #expect(traced.error.contains("squarecam-trace: crop \(folder.file("a.jpg")) plan: planes→JPEG"), "\(traced.error)")
        let quiet = try CLIRunner.run(["crop", "--quiet", "--verbose", folder.file("a.jpg")])
        #expect(quiet.status == 2)
    }

    @Test func existingOutputsAreKeptUnlessOverwrite() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.file("a-square.jpg")))
        let refused = try CLIRunner.run(["crop", folder.file("a.jpg")])
        #expect(refused.status == 1)
        #expect(refused.error.contains("--overwrite"))
        #expect(try String(contentsOfFile: folder.file("a-square.jpg"), encoding: .utf8) == "mine")
        let replaced = try CLIRunner.run(["crop", "--overwrite", "--quiet", folder.file("a.jpg")])
        #expect(replaced.status == 0)
        #expect(replaced.output.isEmpty && replaced.error.isEmpty, "--quiet prints nothing on success")
        #expect(try folder.size("a-square.jpg") == PixelSize(width: 120, height: 120))
    }

    @Test(arguments: engines)
    func inPlaceAndDryRun(engine: [String]) throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let dry = try CLIRunner.run(["crop", "--dry-run", "--in-place"] + engine + [folder.file("a.jpg")])
        #expect(dry.status == 0)
        #expect(try folder.size("a.jpg") == PixelSize(width: 160, height: 120))
        let real = try CLIRunner.run(["crop", "--in-place"] + engine + [folder.file("a.jpg")])
        #expect(real.status == 0)
        #expect(try folder.size("a.jpg") == PixelSize(width: 120, height: 120))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.jpg"])
    }

    @Test(arguments: engines)
    func losslessReportsTheBlockOffset(engine: [String]) throws {
        let folder = try Folder()
        let result = try CLIRunner.run(["crop", "--mode", "lossless", "-o", folder.path] + engine
                                       + [CLIRunner.fixtures.appendingPathComponent("orientation/Landscape_6.jpg").path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("400x400"))
        #expect(result.output.contains("of centre (block-aligned)") || result.output.contains("exactly centred"))
    }

    /// The phone photo (restart markers) and a turned one, cropped by the
    /// program in every mode: --libjpeg-only writes the very same files.
    @Test(arguments: [[], ["--size", "1080"], ["--mode", "lossless"]])
    func libjpegOnlyWritesTheSameFiles(mode: [String]) throws {
        for name in ["photos/012mp-bus", "orientation/Portrait_8"] {
            // One file a run: the program then decodes on two threads where it can.
            let input = CLIRunner.fixtures.appendingPathComponent(name + ".jpg").path
            var written: [Data] = []
            for engine in Self.engines {
                let folder = try Folder()
                let result = try CLIRunner.run(["crop", "--quiet", "--jobs", "2", "-o", folder.path] + mode + engine + [input])
                #expect(result.status == 0, "\(engine): \(result.error)")
                let output = folder.file(String(name.split(separator: "/").last!) + "-square.jpg")
                written.append(try Data(contentsOf: URL(fileURLWithPath: output)))
            }
            #expect(written[0] == written[1], "\(name) \(mode)")
        }
    }

    /// A 16-bit PNG through the program: as PNG it stays 16-bit (ImageMagick
    /// reads the depth), every sample as stored, its gAMA chunk kept; resized
    /// too; as JPEG it is 8-bit.
    @Test func circleWritesARoundPNGWhoseCornersAreTransparent() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/identify"),
                     "ImageMagick's identify is missing: scripts/install-deps.sh installs it (imagemagick)")
        let folder = try Folder()
        try folder.photo("me.jpg", width: 320, height: 240)
        let result = try CLIRunner.run(["crop", "--circle", "--size", "96", "--mode", "smart", folder.file("me.jpg")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("me-square.png (96x96)"), "\(result.output)")
        // ImageMagick reads it as a PNG with an alpha channel: clear in the
        // corners, opaque in the middle.
        let alpha = { (x: Int, y: Int) in
            try CLIRunner.output(of: "/usr/bin/identify", ["-format", "%[fx:p{\(x),\(y)}.a]", folder.file("me-square.png")])
        }
        #expect(try alpha(0, 0) == "0" && alpha(95, 95) == "0" && alpha(48, 48) == "1")
        #expect(try CLIRunner.output(of: "/usr/bin/identify", ["-format", "%m %wx%h %A", folder.file("me-square.png")]) == "PNG 96x96 True")
    }

    @Test func sixteenBitPNGStaysSixteenBit() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/identify"),
                     "ImageMagick's identify is missing: scripts/install-deps.sh installs it (imagemagick)")
        func identify(_ path: String) throws -> String {
            try CLIRunner.output(of: "/usr/bin/identify", ["-format", "%z %m %wx%h", path])
        }
        let folder = try Folder()
        let samples = (0..<(90 * 60 * 3)).map { UInt16(truncatingIfNeeded: $0 * 40503) }
        let frame = Frame16(size: PixelSize(width: 90, height: 60), channels: 3, samples: samples)
        let gamma = PNGChunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        try Data(try PNGCodec.encode16(frame, colorChunks: [gamma])).write(to: URL(fileURLWithPath: folder.file("deep.png")))

        let same = try CLIRunner.run(["crop", "--format", "same", folder.file("deep.png")])
        #expect(same.status == 0, "\(same.error)")
        #expect(same.output.contains("deep-square.png (60x60)"))
        #expect(try identify(folder.file("deep-square.png")) == "16 PNG 60x60")
        let square = try PNGCodec.decode16(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("deep-square.png")))))
        let expected = (0..<60).flatMap { y in samples[((y * 90 + 15) * 3)...].prefix(60 * 3) }
        #expect(square.frame.samples == expected)
        #expect(square.colorChunks == [gamma])

        let resized = try CLIRunner.run(["crop", "--format", "png", "--size", "32", "-o", folder.file("small"), folder.file("deep.png")])
        #expect(resized.status == 0, "\(resized.error)")
        #expect(try identify(folder.file("small/deep-square.png")) == "16 PNG 32x32")
        let jpeg = try CLIRunner.run(["crop", "--size", "32", "-o", folder.file("jpeg"), folder.file("deep.png")])
        #expect(jpeg.status == 0, "\(jpeg.error)")
        #expect(try identify(folder.file("jpeg/deep-square.jpg")) == "8 JPEG 32x32")
    }

    @Test func progressBarOnlyOnATerminal() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is missing (Debian package bsdutils)")
        let folder = try Folder()
        for index in 0..<3 { try folder.photo("p\(index).jpg") }
        // script(1) runs the command on a pseudo-terminal: standard error is a terminal there.
        let command = "'\(CLIRunner.binary)' crop --size 32 -o '\(folder.file("out"))' '\(folder.path)'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (status, outputs) = process.collectOutput(of: [pipe])
        let text = String(decoding: outputs[0], as: UTF8.self)
        #expect(status == 0, "\(text)")
        #expect(text.contains("\r["), "a progress bar on a terminal: \(text.debugDescription)")
        #expect(text.contains("3/3"))
        let quiet = try CLIRunner.run(["crop", "--size", "32", "--overwrite", "-o", folder.file("out"), folder.path])
        #expect(!quiet.error.contains("\r") && !quiet.error.contains("files/s]"))
    }

    @Test func fuzzFolderEndsWithOneLinePerFailureAndNoCrash() throws {
        let folder = try Folder()
        let result = try CLIRunner.run(
            ["crop", "--dry-run", "--size", "64", "--jobs", "2", "-o", folder.path,
             CLIRunner.fixtures.appendingPathComponent("fuzz-jpeg").path], timeout: 600)
        #expect(!result.timedOut)
        #expect(result.status == 1, "some fuzz files fail, cleanly: \(result.status)")
        let lines = result.error.split(separator: "\n")
        let failures = lines.filter { $0.hasPrefix("squarecam: ") }
        #expect(failures.count > 50)
        #expect(failures.allSatisfy { $0.contains("fuzz-jpeg/") }, "every failure names its file")
        #expect(result.error.contains("failed, in"))
    }
}
