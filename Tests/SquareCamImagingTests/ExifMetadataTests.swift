import Foundation
import SquareCamCore
import Testing
import TestThreads
@testable import SquareCamImaging

@Suite struct ExifMetadataTests {
    let date = Date(timeIntervalSince1970: 1_790_000_000.25)  // 2026-09-21 14:13:20.25 UTC
    let paris = TimeZone(identifier: "Europe/Paris")!

    func newPhotoJPEG(make: String? = "Acme", model: String? = "Cam 1") throws -> [UInt8] {
        let exif = try ExifMetadata.newPhoto(
            date: date, timeZone: paris, make: make, model: model, software: "SquareCam 0.1",
            pixelSize: PixelSize(width: 96, height: 96))
        return try JPEGEncoder.encode(TestImages.gradient(width: 96, height: 96), exif: exif)
    }

    @Test func newPhotoTagsReadBackThroughLibexif() throws {
        let jpeg = try newPhotoJPEG()
        let payload = try #require(JPEGMarkers(jpeg).exifPayload)
        let summary = try ExifMetadata(app1Payload: payload).summary()
        #expect(summary.orientation == 1)
        #expect(summary.pixelSize == PixelSize(width: 96, height: 96))
        #expect(summary.make == "Acme")
        #expect(summary.model == "Cam 1")
        #expect(summary.software == "SquareCam 0.1")
        #expect(summary.dateTimeOriginal == "2026:09:21 16:13:20")  // CEST, UTC+2
        #expect(summary.offsetTimeOriginal == "+02:00")
        #expect(summary.thumbnailBytes == 0)
        #expect(!summary.hasThumbnailIFD)
    }

    @Test func makeAndModelAreOptional() throws {
        let payload = try #require(JPEGMarkers(try newPhotoJPEG(make: nil, model: nil)).exifPayload)
        let summary = try ExifMetadata(app1Payload: payload).summary()
        #expect(summary.make == nil)
        #expect(summary.model == nil)
        #expect(summary.orientation == 1)
    }

    @Test func exifIsTheFirstSegmentAndJFIFIsGone() throws {
        let jpeg = try newPhotoJPEG()
        let markers = JPEGMarkers(jpeg)
        #expect(markers.segments.first?.marker == 0xE1)
        #expect(!markers.segments.contains { $0.marker == 0xE0 })
        // Still a valid JPEG: decodes to the right size.
        #expect(try JPEGDecoder.decode(jpeg).frame.size == PixelSize(width: 96, height: 96))
    }

    @Test func negativeAndHalfHourOffsets() {
        let newYork = ExifDate(date: date, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.offset == "-04:00")
        #expect(newYork.dateTime == "2026:09:21 10:13:20")
        #expect(ExifDate(date: date, timeZone: TimeZone(identifier: "Asia/Kolkata")!).offset == "+05:30")
        #expect(ExifDate(date: date, timeZone: TimeZone(secondsFromGMT: 0)!).milliseconds == "250")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")))
    func exiftoolReadsTheTags() throws {
        let jpeg = try newPhotoJPEG()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("exif-\(UUID()).jpg")
        try Data(jpeg).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-s", "-s", "-G1", "-n", "-warning", "-Orientation", "-OffsetTimeOriginal",
                             "-DateTimeOriginal", "-ExifImageWidth", "-Make", "-ThumbnailLength", path.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: process.collectOutput(of: [pipe]).outputs[0], as: UTF8.self)
        #expect(output.contains("[IFD0] Orientation: 1"))
        #expect(output.contains("[ExifIFD] OffsetTimeOriginal: +02:00"))
        #expect(output.contains("[ExifIFD] DateTimeOriginal: 2026:09:21 16:13:20"))
        #expect(output.contains("[ExifIFD] ExifImageWidth: 96"))
        #expect(output.contains("[IFD0] Make: Acme"))
        #expect(!output.contains("ThumbnailLength"))
        #expect(!output.contains("Warning"))
    }
}
