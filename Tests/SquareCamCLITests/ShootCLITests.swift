import Foundation
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads

@Suite(.ownThreads) struct ShootCLITests {
    @Test func shootsASquarePhotoWithExifIntoAFolder() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "--camera", "test", "--output", folder.path + "/", "--json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let path = try #require(report?["path"] as? String)
        #expect(report?["width"] as? Int == 1080)
        #expect(report?["height"] as? Int == 1080)
        #expect((report?["camera"] as? [String: Any])?["id"] as? String == "test")
        let timings = try #require(report?["timings"] as? [String: Double])
        #expect(timings["launchToFirstFrameMs"] != nil && timings["shutterToFileMs"] != nil)

        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(path.hasPrefix(folder.path + "/"))
        #expect(name.wholeMatch(of: /SquareCam_\d{8}_\d{6}\.jpg/) != nil, "\(name)")
        #expect(try folder.entries() == [name])

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try JPEGDecoder.decode(bytes).frame.size == PixelSize(width: 1080, height: 1080))

        let exif = try ExifTool.tags(of: path)
        #expect(exif["Orientation"] as? Int == 1)
        #expect(exif["Software"] as? String == SquareCamVersion.software)
        #expect(exif["ExifImageWidth"] as? Int == 1080)
        #expect(exif["ExifImageHeight"] as? Int == 1080)
        #expect(exif["Model"] as? String == "Test pattern")
        let taken = try #require(exif["DateTimeOriginal"] as? String)
        #expect(taken.wholeMatch(of: /\d{4}:\d\d:\d\d \d\d:\d\d:\d\d/) != nil)
        #expect((exif["OffsetTimeOriginal"] as? String)?.wholeMatch(of: /[+-]\d\d:\d\d/) != nil)
        #expect(exif["ThumbnailImage"] == nil && exif["ThumbnailLength"] == nil, "no thumbnail")
    }

    @Test func sizeQualityAndNeverOverwritingAFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/avatar.jpg"
        let first = try CLIRunner.run(["shoot", "-c", "test:640x480", "--size", "200", "--quality", "80", "-o", file])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output == file + "\n")
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(try JPEGDecoder.decode([UInt8](original)).frame.size == PixelSize(width: 200, height: 200))

        let again = try CLIRunner.run(["shoot", "-c", "test:640x480", "--size", "200", "-o", file])
        #expect(again.status == 6)
        #expect(again.error.contains("already exists"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)

        let replaced = try CLIRunner.run(["shoot", "-c", "test:640x480", "--size", "300", "-o", file, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.error)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(try JPEGDecoder.decode(bytes).frame.size == PixelSize(width: 300, height: 300))
        #expect(try folder.entries() == ["avatar.jpg"])
    }

    @Test func aModeTheCameraLacksFallsBackToOneItHas() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "-c", "test:1280x720@30", "--mode", "640x480@15", "-o", folder.path, "--json"])
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(report?["width"] as? Int == 720)
        #expect((report?["camera"] as? [String: Any])?["mode"] as? String == "1280x720@30 I420")
    }

    @Test func burstIntoOneFolderNeverReusesAName() throws {
        let folder = try TemporaryFolder()
        var paths: Set<String> = []
        for _ in 0..<3 {
            let result = try CLIRunner.run(["shoot", "-c", "test:320x240", "-o", folder.path])
            #expect(result.status == 0, "\(result.error)")
            paths.insert(result.output.trimmingCharacters(in: .newlines))
        }
        #expect(paths.count == 3)
        #expect(try folder.entries().count == 3)
    }

    @Test func defaultsToThePicturesCameraFolder() throws {
        let home = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "-c", "test:320x240"], environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix(home.path + "/Pictures/Camera/SquareCam_"))
    }

    @Test func fileCameraGivesTheImagesCentreSquare() throws {
        let image = CLIRunner.fixtures.appendingPathComponent("orientation/Landscape_1.jpg")
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "-c", "file:" + image.path, "-o", folder.path + "/square.jpg"])
        #expect(result.status == 0, "\(result.error)")

        let original = try JPEGDecoder.decode([UInt8](Data(contentsOf: image))).frame
        let saved = try JPEGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/square.jpg")))).frame
        #expect(saved.size == PixelSize(width: 400, height: 400))
        let square = original.size.centeredSquare
        var total = 0
        for y in stride(from: 0, to: 400, by: 13) {
            for x in stride(from: 0, to: 400, by: 11) {
                for channel in 0..<3 {
                    let a = original.planes[0].bytes[(square.y + y) * original.planes[0].stride + (square.x + x) * 3 + channel]
                    let b = saved.planes[0].bytes[y * saved.planes[0].stride + x * 3 + channel]
                    total += abs(Int(a) - Int(b))
                }
            }
        }
        let mean = Double(total) / Double((400 / 13 + 1) * (400 / 11 + 1) * 3)
        #expect(mean < 6, "mean difference \(mean)")
    }

    @Test(arguments: [
        (["shoot", "--require-camera"], Int32(3), "No camera found"),
        (["shoot", "--camera", "/dev/video97"], Int32(3), "/dev/video97"),
        (["shoot", "--camera", "file:/nonexistent/photo.jpg"], Int32(3), "/nonexistent/photo.jpg"),
    ])
    func cameraProblemsHaveTheirExitCodes(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(arguments + ["-o", folder.path], timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == status, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(try folder.entries().isEmpty)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to mount a read-only tmpfs"))
    func readOnlyFolderIsAWriteError() throws {
        let folder = try TemporaryFolder()
        try folder.mountReadOnly()
        let result = try CLIRunner.run(["shoot", "-c", "test:320x240", "-o", folder.path])
        #expect(result.status == 6)
        #expect(result.error.contains("read-only"), "\(result.error)")
        #expect(try folder.entries().isEmpty)
    }
}

/// The edges of `shoot`, end to end through the built binary.
extension ShootCLITests {
    /// The test pattern at 30 fps: its snow corner changes with every frame
    /// and nothing else does (TestPattern), so two photos of one frame are
    /// the same picture, and a photo's frame can be told apart.
    @Test func everyPhotoOfACountIsANewFrame() throws {
        let folder = try TemporaryFolder()
        let count = 8
        let result = try CLIRunner.run(["shoot", "-c", "test:320x240@30", "--count", "\(count)", "--interval", "0",
                                        "-o", folder.path + "/", "--json"])
        #expect(result.status == 0, "\(result.error)")
        let reports = try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(reports.count == count, "\(result.output)")
        let pictures = try reports.map { try Self.decodedPhoto(at: #require($0["path"] as? String)) }

        // In the 240x240 centre square, the snow is at x 200..<240, y 180..<240;
        // block edges and chroma upsampling blur its border, so a margin is left.
        let bars = PixelRect(x: 0, y: 0, width: 240, height: 160)
        let snow = PixelRect(x: 208, y: 192, width: 32, height: 48)
        for k in 1..<count {
            #expect(Self.meanDifference(pictures[k - 1], pictures[k], in: bars) < 1, "photo \(k + 1): the bars stay put")
            #expect(Self.meanDifference(pictures[k - 1], pictures[k], in: snow) > 10, "photo \(k + 1) is the frame of photo \(k) again")
        }
        #expect(Set(pictures.map(\.planes[0].bytes)).count == count, "\(count) different pictures")

        // The frames' own timestamps: each photo's is at least one frame interval after the one before.
        let timings = try reports.map { try #require($0["timings"] as? [String: Double]) }
        let stamps = try timings.map { try #require($0["frameTimestampMs"], "\($0)") }
        let arrivals = try timings.map { try #require($0["launchToFrameMs"], "\($0)") }
        for k in 1..<count {
            #expect(stamps[k] - stamps[k - 1] >= 1000.0 / 30 - 0.1, "timestamps \(stamps)")
            #expect(arrivals[k] > arrivals[k - 1], "arrivals \(arrivals)")
        }
    }

    /// `ls` lists a series in the order it was taken: one time stamp, numbers 001 to 012.
    @Test func aSeriesIsNamedToSortInTheOrderTaken() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "-c", "test:160x120", "--count", "12", "--interval", "0", "-o", folder.path])
        #expect(result.status == 0, "\(result.error)")
        let taken = result.output.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
        try #require(taken.count == 12, "\(result.output)")
        let listed = try CLIRunner.run([], program: "/bin/ls", workingDirectory: folder.path)
        #expect(listed.output.split(separator: "\n").map(String.init) == taken)
        let stamp = try #require(taken[0].wholeMatch(of: /(SquareCam_\d{8}_\d{6})_001\.jpg/)?.1, "\(taken[0])")
        #expect(taken == (1...12).map { "\(stamp)_\(String(format: "%03d", $0)).jpg" })
    }

    /// A folder ending in "/" is created with its parents, relative to the working directory or absolute.
    @Test func relativeAndAbsoluteFoldersAreCreatedWithTheirParents() throws {
        let work = try TemporaryFolder()
        let name = "dk3-" + UUID().uuidString.prefix(8)
        for output in ["\(name)/", "\(name)/a/b/", work.path + "/absolute/a/b/"] {
            let result = try CLIRunner.run(["shoot", "-c", "test:160x120", "-o", output], workingDirectory: work.path)
            #expect(result.status == 0, "\(output): \(result.error)")
            let printed = result.output.trimmingCharacters(in: .newlines)
            #expect(printed.hasPrefix(output), "\(printed)")
            let saved = printed.hasPrefix("/") ? printed : work.path + "/" + printed
            #expect(FileManager.default.fileExists(atPath: saved), "\(saved)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/" + name), "a relative folder is not made at the root")
    }

    /// /proc exists, but takes no files: the message says so and names /proc, not its parent.
    @Test(arguments: ["/proc/squarecam-test.jpg", "/proc/squarecam-test/"])
    func aFolderThatTakesNoFilesIsNamed(output: String) throws {
        let result = try CLIRunner.run(["shoot", "-c", "test:160x120", "-o", output])
        #expect(result.status == 6)
        #expect(result.error == "squarecam: Cannot write /proc: this folder does not take new files (a system folder, such as /proc or /sys); choose another folder.\n")
        #expect(result.output.isEmpty)
    }

    /// A file camera reads what crop reads, and shows its centre square.
    @Test(arguments: ["heif/example.heic", "libjpeg-turbo/testorig.png"])
    func fileCameraReadsHEIFAndPNG(fixture: String) throws {
        let image = CLIRunner.fixtures.appendingPathComponent(fixture)
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["shoot", "-c", "file:" + image.path, "-o", folder.path + "/square.jpg"])
        #expect(result.status == 0, "\(result.error)")
        let bytes = try [UInt8](Data(contentsOf: image))
        let original = fixture.hasSuffix(".png") ? try PNGCodec.decode(bytes) : try HEIFDecoder.decode(bytes).frame
        let saved = try Self.decodedPhoto(at: folder.path + "/square.jpg")
        let square = original.size.centeredSquare
        #expect(saved.size == square.size)
        // A still is taken in I420, whose square starts on an even pixel
        // (VideoSample.makeFrame): 1280 - 854 = 426 leaves it at x 212, not 213.
        let left = square.x & ~1, top = square.y & ~1
        var total = 0, samples = 0
        for y in stride(from: 0, to: square.height, by: 7) {
            for x in stride(from: 0, to: square.width, by: 5) {
                total += abs(Self.gray(original, x: left + x, y: top + y) - Self.gray(saved, x: x, y: y))
                samples += 1
            }
        }
        #expect(Double(total) / Double(samples) < 6, "mean difference \(Double(total) / Double(samples))")
    }

    /// Files a file camera cannot show: one plain sentence each, no GStreamer internals.
    @Test(arguments: [
        ("notimg.jpg", "text", "it is not a JPEG, PNG or HEIF/HEIC image, the formats a file camera reads"),
        ("empty.jpg", "empty", "the file is empty"),
        ("truncated.jpg", "truncated", "the image is damaged"),
    ])
    func unreadableImageFilesSayWhy(name: String, content: String, message: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/" + name
        let bytes: Data = switch content {
        case "text": Data("this is not a picture\n".utf8)
        case "empty": Data()
        default: try Data(contentsOf: CLIRunner.fixtures.appendingPathComponent("orientation/Landscape_1.jpg")).prefix(3000)
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try CLIRunner.run(["shoot", "-c", "file:" + path, "-o", folder.path + "/out/"])
        #expect(result.status == 5)
        #expect(result.error.hasPrefix("squarecam: The camera \(name) failed: \(message)"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "one line: \(result.error)")
        for word in ["gst", "GStreamer", ".c(", "decodebin"] {
            #expect(!result.error.contains(word), "\(result.error)")
        }
        #expect(try folder.entries() == [name])
    }

    /// `-o -`: the JPEG is standard output, whole and alone; nothing is saved.
    @Test func dashWritesTheJPEGToStandardOutput() throws {
        let home = try TemporaryFolder()
        // GStreamer's registry stays where it was, so the folder holds only what shoot saves.
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_CACHE_HOME": cache]
        let result = try CLIRunner.run(["shoot", "-c", "test:320x240", "-o", "-"], environment: environment, workingDirectory: home.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty, "\(result.error)")
        let photo = try JPEGDecoder.decode([UInt8](result.outputBytes)).frame
        #expect(photo.size == PixelSize(width: 240, height: 240))
        #expect(try home.entries().isEmpty, "no file left behind")
    }

    @Test(arguments: [
        (["-o", "-", "--json"], "--json cannot share standard output"),
        (["-o", "-", "--count", "2"], "-o - writes one photo"),
        (["--interval", "2"], "--interval is the time between the photos of --count N"),
        (["--size", "0"], "--size takes a whole number from 1 to 65535"),
        (["--size", "65536"], "--size takes a whole number from 1 to 65535"),
    ])
    func shootUsageErrors(arguments: [String], message: String) throws {
        let home = try TemporaryFolder()
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        let result = try CLIRunner.run(["shoot", "-c", "test:160x120"] + arguments, environment: ["HOME": home.path, "XDG_CACHE_HOME": cache])
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "one clear line: \(result.error)")
        #expect(result.outputBytes.isEmpty)
        #expect(try home.entries().isEmpty)
    }

    /// A JPEG is not for a terminal: `script` gives the command one.
    @Test func dashRefusesATerminal() throws {
        let command = "\(CLIRunner.binary) shoot -c test:160x120 -o -"
        let result = try CLIRunner.run(["-qec", command, "/dev/null"], program: "/usr/bin/script")
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("which is a terminal: redirect it"), "\(result.output)")
    }

    /// shoot and crop share one range of sides, which the help states; a side beyond the square keeps the square.
    @Test func sizeTakesTheWholeRangeOfSquareSides() throws {
        let help = try CLIRunner.run(["shoot", "--help"])
        #expect(help.output.contains("Side of the saved square in pixels, \(ImageDefaults.squareSides.lowerBound) to \(ImageDefaults.squareSides.upperBound)"))
        let folder = try TemporaryFolder()
        for (size, side) in [(8, 8), (20000, 120)] {
            let file = folder.path + "/\(size).jpg"
            let result = try CLIRunner.run(["shoot", "-c", "test:160x120", "--size", "\(size)", "-o", file])
            #expect(result.status == 0, "--size \(size): \(result.error)")
            #expect(try Self.decodedPhoto(at: file).size == PixelSize(width: side, height: side))
        }
    }

    static func decodedPhoto(at path: String) throws -> Frame {
        try JPEGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).frame
    }

    /// Mean absolute difference of two RGB frames' samples in `region`.
    static func meanDifference(_ a: Frame, _ b: Frame, in region: PixelRect) -> Double {
        var total = 0
        for y in region.y..<region.maxY {
            for x in region.x * 3..<region.maxX * 3 {
                total += abs(Int(a.planes[0].bytes[y * a.planes[0].stride + x]) - Int(b.planes[0].bytes[y * b.planes[0].stride + x]))
            }
        }
        return Double(total) / Double(region.width * region.height * 3)
    }

    /// The pixel's gray level (the mean of its RGB samples), for frames in RGB or gray.
    static func gray(_ frame: Frame, x: Int, y: Int) -> Int {
        let plane = frame.planes[0]
        switch frame.layout {
        case .gray: return Int(plane.bytes[y * plane.stride + x])
        default:
            let at = y * plane.stride + x * frame.layout.bytesPerPixel
            return (Int(plane.bytes[at]) + Int(plane.bytes[at + 1]) + Int(plane.bytes[at + 2])) / 3
        }
    }
}

@Suite(.ownThreads) struct DevicesCLITests {
    @Test func listsTheTestCameraLast() throws {
        let text = try CLIRunner.run(["devices"])
        #expect(text.status == 0, "\(text.error)")
        let lastCamera = text.output.split(separator: "\n").last { !$0.hasPrefix(" ") }
        #expect(lastCamera?.hasPrefix("test\t") == true, "\(text.output)")
        #expect(text.output.contains("1920x1080"))

        let json = try CLIRunner.run(["devices", "--json"])
        #expect(json.status == 0)
        let cameras = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(cameras.last?["id"] as? String == "test")
        #expect(cameras.last?["facing"] as? String == "virtual")
        #expect((cameras.last?["modes"] as? [Any])?.isEmpty == false)
    }
}

/// Tags as exiftool reads them (numbers as numbers): an outside check of our EXIF.
enum ExifTool {
    static func tags(of path: String) throws -> [String: Any] {
        let json = try CLIRunner.output(of: "/usr/bin/exiftool", ["-j", "-n", path])
        return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first ?? [:]
    }
}

/// A fresh folder for one test, removed afterwards.
final class TemporaryFolder {
    let path: String
    private var mounted = false

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/squarecam-cli-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if mounted { _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: ["-l", path]).waitForExitStatus() }
        try? FileManager.default.removeItem(atPath: path)
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// A read-only tmpfs: root ignores file permissions, a read-only mount it cannot.
    func mountReadOnly() throws {
        try mount(options: "ro,size=1m")
    }

    /// A writable tmpfs of `bytes`: a disk that fills up.
    func mountTmpfs(bytes: Int) throws {
        try mount(options: "size=\(bytes)")
    }

    private func mount(options: String) throws {
        let process = try Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", options, "tmpfs", path])
        mounted = process.waitForExitStatus() == 0
        try #require(mounted, "mount failed")
    }
}
