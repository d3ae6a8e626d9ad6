import Foundation
import SquareCamCore
import SquareCamImaging
import Testing
import TestThreads

/// `squarecam crop` at its edges: damaged input, names that would collide,
/// links, permissions, metadata and pipes. Each test is one promise: no
/// photo damaged, lost, overwritten or exposed.
@Suite(.ownThreads) struct CropTrustCLITests {
    typealias Folder = CropCLITests.Folder

    static var bus: String { CLIRunner.fixtures.appendingPathComponent("photos/012mp-bus.jpg").path }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    // MARK: Damage

    @Test(arguments: [[], ["--size", "300"], ["--mode", "lossless"], ["--libjpeg-only"], ["--mode", "lossless", "--libjpeg-only"]])
    func aCutShortJPEGFailsAndIsNeverWritten(mode: [String]) throws {
        let folder = try Folder()
        let whole = try bytes(Self.bus)
        try whole.prefix(whole.count * 3 / 10).write(to: URL(fileURLWithPath: folder.file("cut.jpg")))
        let result = try CLIRunner.run(["crop"] + mode + [folder.file("cut.jpg")])
        #expect(result.status == 1, "\(mode): \(result.error)")
        #expect(result.error.contains("incomplete") && result.error.contains("% of the picture"), "\(result.error)")
        #expect(!exists(folder.file("cut-square.jpg")))
        #expect(result.error.contains("Cropped 0 files, 1 failed"))
    }

    @Test(arguments: [[], ["--mode", "lossless"]])
    func aDamagedJPEGNeverReplacesItsOriginal(mode: [String]) throws {
        let folder = try Folder()
        var flipped = try bytes(Self.bus)
        for index in 400_000..<400_010 { flipped[index] ^= 0x55 }
        try flipped.write(to: URL(fileURLWithPath: folder.file("flip.jpg")))
        let result = try CLIRunner.run(["crop", "--in-place"] + mode + [folder.file("flip.jpg")])
        #expect(result.status == 1)
        #expect(result.error.contains("damaged"), "\(result.error)")
        #expect(try bytes(folder.file("flip.jpg")) == flipped, "the original is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["flip.jpg"])
    }

    /// The bus photo at half size, 2016×1504 (whole 16-pixel blocks, so
    /// jpegtran turns it perfectly), made once: the test below crops its
    /// damaged copies 24 times, and the 12 MP original took most of this
    /// suite's CPU for what a smaller photo shows as well.
    static let halfBus: Data = {
        let whole = try! Data(contentsOf: URL(fileURLWithPath: bus))
        let frame = try! JPEGDecoder.decode([UInt8](whole), scaleEighths: 4).frame
        return Data(try! JPEGEncoder.encode(frame, region: PixelRect(x: 0, y: 0, width: 2016, height: 1504), quality: 92))
    }()

    /// A photo stored portrait has rows below its square that no crop needs
    /// (the half-size bus: rows 1760 on of 2016); they are still read for
    /// damage, and every way of cropping says the same about it. With and
    /// without restart markers, which split the decoding in two.
    @Test(arguments: [[], ["--size", "300"], ["--mode", "lossless"]])
    func damageBelowAStoredPortraitSquareFailsTheCrop(mode: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/jpegtran"), "jpegtran is installed by scripts/install-deps.sh")
        let folder = try Folder()
        try Self.halfBus.write(to: URL(fileURLWithPath: folder.file("landscape.jpg")))
        for restarts in [[], ["-restart", "1"]] {
            _ = try CLIRunner.output(of: "/usr/bin/jpegtran", ["-perfect", "-rotate", "90"] + restarts
                + ["-outfile", folder.file("portrait.jpg"), folder.file("landscape.jpg")])
            let portrait = try bytes(folder.file("portrait.jpg"))
            var marked = portrait
            marked.replaceSubrange(portrait.count * 96 / 100..<portrait.count * 96 / 100 + 2, with: [0xFF, 0xD0])  // a stray marker
            for (name, damaged) in [("cut.jpg", portrait.prefix(portrait.count * 97 / 100)), ("marked.jpg", marked)] {
                try damaged.write(to: URL(fileURLWithPath: folder.file(name)))
                let said = try [[], ["--libjpeg-only"]].map { alone in
                    let result = try CLIRunner.run(["crop"] + mode + alone + [folder.file(name)])
                    #expect(result.status == 1, "\(restarts) \(name) \(mode + alone): \(result.error)")
                    #expect(!exists(folder.file(name.replacingOccurrences(of: ".jpg", with: "-square.jpg"))))
                    return result.error.split(separator: "\n").first.map(String.init) ?? ""
                }
                #expect(said[0] == said[1], "\(restarts) \(name) \(mode)")
                // Below the square, which ends on the 16-pixel grid, lossless or not.
                let row = said[0].firstMatch(of: /from row (\d+) of 2016/).flatMap { Int($0.1) }
                #expect((row ?? 0) >= 1760, "\(restarts) \(name) \(mode): \(said[0])")
            }
        }
    }

    @Test func acceptDamagedCropsItWithAWarning() throws {
        let folder = try Folder()
        let whole = try bytes(Self.bus)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder.file("cut.jpg")))
        try folder.photo("good.jpg")
        let result = try CLIRunner.run(["crop", "--accept-damaged", "--size", "200", folder.file("cut.jpg"), folder.file("good.jpg")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("warning: \(folder.file("cut.jpg")): the file is incomplete"))
        #expect(result.error.contains("Cropped 2 files, 0 failed"))
        #expect(try folder.size("cut-square.jpg") == PixelSize(width: 200, height: 200))
    }

    @Test func aTwelveBitJPEGIsCalledUnsupportedNotDamaged() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        var twelve = try bytes(folder.file("a.jpg"))
        // The precision byte after the SOF0 marker and its length: 8 becomes 12.
        let sof = try #require(twelve.indices.first { twelve[$0] == 0xFF && twelve[$0 + 1] == 0xC0 })
        twelve[sof + 4] = 12
        twelve[sof + 1] = 0xC1  // extended sequential: the process that allows 12 bits
        try twelve.write(to: URL(fileURLWithPath: folder.file("twelve.jpg")))
        let result = try CLIRunner.run(["crop", folder.file("twelve.jpg")])
        #expect(result.status == 1)
        #expect(result.error.contains("12-bit JPEG, which SquareCam cannot read"), "\(result.error)")
        #expect(!result.error.contains("damaged"))
    }

    // MARK: Names

    @Test func twoInputsOfOneNameGetTwoSquares() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let gray = Frame(size: PixelSize(width: 90, height: 60), layout: .gray,
                         planes: [Frame.Plane(bytes: (0..<5400).map { UInt8($0 % 251) }, stride: 90)])
        let png = try PNGCodec.encode(gray)
        try Data(png).write(to: URL(fileURLWithPath: folder.file("a.png")))
        for extra in [[], ["--overwrite"]] {
            let result = try CLIRunner.run(["crop"] + extra + [folder.file("a.jpg"), folder.file("a.png")])
            #expect(result.status == 0, "\(extra): \(result.error)")
            #expect(result.error.contains("Cropped 2 files, 0 failed"))
            #expect(try folder.size("a-square.jpg") == PixelSize(width: 120, height: 120))
            #expect(try folder.size("a-square-2.jpg") == PixelSize(width: 60, height: 60))
        }
    }

    @Test func oneFileGivenTwiceIsCroppedOnce() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let path = folder.file("a.jpg")
        let result = try CLIRunner.run(["crop", path, path, folder.path + "/./a.jpg"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("Cropped 1 file, 0 failed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a-square.jpg", "a.jpg"])
    }

    @Test func anOutputNeverLandsOnAnotherInput() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try folder.photo("a-square.jpg", width: 100, height: 50)
        let before = try bytes(folder.file("a-square.jpg"))
        let result = try CLIRunner.run(["crop", "--overwrite", folder.file("a.jpg"), folder.file("a-square.jpg")])
        #expect(result.status == 0, "\(result.error)")
        #expect(try bytes(folder.file("a-square.jpg")) == before, "an input is never an output")
        #expect(try folder.size("a-square-2.jpg") == PixelSize(width: 120, height: 120))
        #expect(try folder.size("a-square-square.jpg") == PixelSize(width: 50, height: 50))
    }

    @Test func aSymlinkLoopEndsAndEveryPhotoIsCroppedOnce() throws {
        let folder = try Folder()
        let files = FileManager.default
        try files.createDirectory(atPath: folder.file("in/sub"), withIntermediateDirectories: true)
        try folder.photo("in/sub/p.jpg")
        try files.createSymbolicLink(atPath: folder.file("in/sub/loop"), withDestinationPath: "..")
        try files.createSymbolicLink(atPath: folder.file("in/again"), withDestinationPath: "sub")
        try files.createSymbolicLink(atPath: folder.file("in/same.jpg"), withDestinationPath: "sub/p.jpg")
        let result = try CLIRunner.run(["crop", "-r", "--dry-run", folder.file("in")], timeout: 20)
        #expect(!result.timedOut, "a link loop must not hang the scan")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("Would crop 1 file, 0 failed"), "\(result.error)")
        #expect(result.error.contains("Did not follow 2 links to folders"))
    }

    @Test func earlierSquaresLeftOutOfAScanAreCounted() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try folder.photo("x-square.jpg")
        try folder.photo("b-square-2.jpg")
        let result = try CLIRunner.run(["crop", "--dry-run", folder.path])
        #expect(result.error.contains("Would crop 1 file"))
        #expect(result.error.contains("Left out 2 files whose names end in -square"), "\(result.error)")
    }

    @Test func skipExistingCropsOnlyWhatIsNew() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        #expect(try CLIRunner.run(["crop", folder.path]).status == 0)
        try folder.photo("b.jpg")
        let again = try CLIRunner.run(["crop", "--skip-existing", folder.path])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.error.contains("Cropped 1 file, 0 failed, 1 skipped (their squares exist)"), "\(again.error)")
        #expect(exists(folder.file("b-square.jpg")))
        let contradiction = try CLIRunner.run(["crop", "--skip-existing", "--overwrite", folder.path])
        #expect(contradiction.status == 2)
    }

    @Test func newlinesInNamesArePrintedEscaped() throws {
        let folder = try Folder()
        try folder.photo("two\nlines.jpg")
        let result = try CLIRunner.run(["crop", folder.file("two\nlines.jpg")])
        #expect(result.status == 0)
        #expect(result.output.contains("two\\nlines.jpg -> "), "\(result.output.debugDescription)")
        #expect(result.output.split(separator: "\n").count == 1)
    }

    // MARK: Permissions and links

    @Test func inPlaceKeepsOwnerGroupAndMode() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let path = folder.file("a.jpg")
        let files = FileManager.default
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let owner = geteuid() == 0 ? 65534 : Int(geteuid())  // nobody, where we may give files away
        let group = geteuid() == 0 ? 65534 : Int(getegid())  // nogroup
        if geteuid() == 0 { try files.setAttributes([.ownerAccountID: owner, .groupOwnerAccountID: group], ofItemAtPath: path) }
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try files.setAttributes([.modificationDate: old], ofItemAtPath: path)
        let result = try CLIRunner.run(["crop", "--in-place", path])
        #expect(result.status == 0, "\(result.error)")
        let after = try files.attributesOfItem(atPath: path)
        #expect((after[.posixPermissions] as? Int) == 0o600)
        #expect((after[.ownerAccountID] as? Int) == owner)
        #expect((after[.groupOwnerAccountID] as? Int) == group)
        #expect((after[.modificationDate] as? Date) != old, "times are kept only with --preserve")
        try files.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(try CLIRunner.run(["crop", "--in-place", "--preserve", path]).status == 0)
        #expect((try files.attributesOfItem(atPath: path)[.modificationDate] as? Date) == old)
    }

    @Test func aNewSquareIsNeverMoreOpenThanItsPhoto() throws {
        let folder = try Folder()
        try folder.photo("private.jpg")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.file("private.jpg"))
        #expect(try CLIRunner.run(["crop", folder.file("private.jpg")]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("private-square.jpg"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func inPlaceOnALinkEditsItsTarget() throws {
        let folder = try Folder()
        try folder.photo("real.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.jpg"), withDestinationPath: "real.jpg")
        let result = try CLIRunner.run(["crop", "--in-place", folder.file("link.jpg")])
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.jpg")) == "real.jpg")
        #expect(try folder.size("real.jpg") == PixelSize(width: 120, height: 120))
    }

    @Test func devStdinGetsNoSquareInDev() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let result = try CLIRunner.run(["crop", "/dev/stdin"], input: try bytes(folder.file("a.jpg")))
        defer { try? FileManager.default.removeItem(atPath: "/dev/stdin-square.jpg") }
        #expect(result.status == 1)
        #expect(!exists("/dev/stdin-square.jpg"))
        #expect(result.error.contains("give --output FILE"), "\(result.error)")
    }

    // MARK: Pipes and reports

    @Test func standardOutputHoldsOnlyThePhoto() throws {
        let folder = try Folder()
        let outFile = folder.file("out.jpg")
        // A shell redirect, as a user would write it; the bytes must be exactly one JPEG.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(CLIRunner.binary)' crop --size 64 - --output - < '\(Self.bus)' > '\(outFile)'"]
        try process.run()
        #expect(process.waitForExitStatus() == 0)
        let jpeg = Array(try bytes(outFile))
        #expect(try JPEGDecoder.header(of: jpeg).size == PixelSize(width: 64, height: 64))
        #expect(jpeg.suffix(2) == [0xFF, 0xD9])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.jpg"])
        let said = try CLIRunner.run(["crop", "--size", "64", "-", "--output", "-"], input: try bytes(Self.bus))
        #expect(said.error.contains("- -> standard output (64x64)"), "what was done goes to standard error: \(said.error)")
    }

    @Test func outputNamesTheOneSquare() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try folder.photo("b.jpg")
        let one = try CLIRunner.run(["crop", "--output", folder.file("avatar.jpg"), folder.file("a.jpg")])
        #expect(one.status == 0, "\(one.error)")
        #expect(try folder.size("avatar.jpg") == PixelSize(width: 120, height: 120))
        let two = try CLIRunner.run(["crop", "--output", folder.file("x.jpg"), folder.file("a.jpg"), folder.file("b.jpg")])
        #expect(two.status == 2 && two.error.contains("--output-dir"))
        #expect(try CLIRunner.run(["crop", "-", "--output", "-", "--json"]).status == 2)
        #expect(try CLIRunner.run(["crop", "--format", "png", "-q", "50", folder.file("a.jpg")]).status == 2)
    }

    @Test func jsonHasOneObjectPerFile() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder.file("b.jpg")))
        let result = try CLIRunner.run(["crop", "--json", "--size", "32", folder.path])
        #expect(result.status == 1)
        let objects = try result.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 2)
        let cropped = try #require(objects.first { $0["status"] as? String == "cropped" })
        #expect(cropped["output"] as? String == folder.file("a-square.jpg"))
        #expect(cropped["width"] as? Int == 32 && cropped["height"] as? Int == 32)
        #expect(cropped["square"] as? [String: Int] == ["x": 20, "y": 0, "side": 120])
        #expect(cropped["offset"] == nil, "an offset only in lossless mode")
        let failed = try #require(objects.first { $0["status"] as? String == "failed" })
        #expect(failed["input"] as? String == folder.file("b.jpg"))
        #expect((failed["reason"] as? String)?.isEmpty == false)
        #expect(result.error.contains("Failed:\n  \(folder.file("b.jpg"))"), "the failures listed again at the end")
    }

    /// Lossless mode moves the square onto the block grid and says by how much.
    @Test func jsonGivesTheLosslessOffset() throws {
        let folder = try Folder()
        try folder.photo("a.jpg")
        let result = try CLIRunner.run(["crop", "--json", "--mode", "lossless", folder.file("a.jpg")])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let square = try #require(object["square"] as? [String: Int], "\(object)")
        let offset = try #require(object["offset"] as? [String: Double], "\(object)")
        let x = try #require(square["x"]), side = try #require(square["side"])
        #expect(side == 120 && x % 8 == 0, "\(square)")
        // The 160×120 picture's centre is at x 80: the square's centre is offset from it.
        #expect(offset["x"] == Double(x) + Double(side) / 2 - 80 && offset["y"] == 0, "\(offset) for \(square)")
        #expect(x != 20, "a 160×120 photo's centred square (x 20) is not on the block grid")
    }

    @Test func theRateCountsOnlyFilesCropped() throws {
        let folder = try Folder()
        for index in 0..<3 { try Data("junk".utf8).write(to: URL(fileURLWithPath: folder.file("bad\(index).jpg"))) }
        let result = try CLIRunner.run(["crop", folder.path])
        #expect(result.error.contains("Cropped 0 files, 3 failed"))
        #expect(!result.error.contains("files/s"), "no rate when nothing was cropped: \(result.error)")
    }

    // MARK: Pixels and metadata

    @Test func sixteenBitGrayPNGKeepsItsGrey() throws {
        let folder = try Folder()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick is installed by scripts/install-deps.sh")
        // PNG48: 16-bit RGB (ImageMagick writes 8 bits for a plain grey otherwise).
        _ = try CLIRunner.output(of: "/usr/bin/convert", ["-size", "64x48", "xc:rgb(128,128,128)",
            "-define", "png:exclude-chunks=gAMA,sRGB,cHRM,bKGD,date,tIME", "PNG48:" + folder.file("g16.png")])
        #expect(try PNGCodec.decode(Array(try bytes(folder.file("g16.png")))).size == PixelSize(width: 64, height: 48))
        let depth = try Data(contentsOf: URL(fileURLWithPath: folder.file("g16.png")))[24]
        #expect(depth == 16, "the input is a 16-bit PNG (IHDR bit depth)")
        let result = try CLIRunner.run(["crop", "--output", folder.file("g.jpg"), folder.file("g16.png")])
        #expect(result.status == 0, "\(result.error)")
        let frame = try JPEGDecoder.decode(Array(try bytes(folder.file("g.jpg")))).frame
        let samples = frame.planes[0].bytes
        let mean = Double(samples.reduce(0) { $0 + Int($1) }) / Double(samples.count)
        #expect(abs(mean - 128) < 2, "mid grey stays mid grey, not 186: \(mean)")
    }

    @Test(arguments: [[], ["--mode", "lossless"], ["--size", "500"]])
    func xmpAndIPTCGoWithTheSquare(mode: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is installed by scripts/install-deps.sh")
        let folder = try Folder()
        try FileManager.default.copyItem(atPath: Self.bus, toPath: folder.file("tagged.jpg"))
        func exiftool(_ arguments: [String]) throws -> String { try CLIRunner.output(of: "/usr/bin/exiftool", arguments) }
        _ = try exiftool(["-q", "-overwrite_original", "-XMP-dc:Subject=holiday", "-XMP-dc:Subject=bus",
                          "-IPTC:Keywords=bus", "-IPTC:Caption-Abstract=A red bus", folder.file("tagged.jpg")])
        #expect(try CLIRunner.run(["crop", "--output", folder.file("kept.jpg")] + mode + [folder.file("tagged.jpg")]).status == 0)
        let kept = try exiftool(["-s3", "-XMP-dc:Subject", "-IPTC:Keywords", "-IPTC:Caption-Abstract", folder.file("kept.jpg")])
        #expect(kept.contains("holiday, bus") && kept.contains("A red bus"), "\(mode): \(kept)")
        #expect(try CLIRunner.run(["crop", "--strip", "--output", folder.file("bare.jpg")] + mode + [folder.file("tagged.jpg")]).status == 0)
        let bare = try exiftool(["-s3", "-XMP:all", "-IPTC:all", folder.file("bare.jpg")])
        #expect(bare.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(mode): \(bare)")
    }
}
