import Foundation
import Testing
import SquareCamCore

@Suite struct PhotoFileNameTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-11-30 02:15:01 UTC.
    static let shot = Date(timeIntervalSince1970: 1_796_004_901)

    @Test func namesAreTimeStampedInTheLocalZone() {
        let names = PhotoFileName()
        #expect(names.name(for: Self.shot, in: Self.utc) == "SquareCam_20261130_021501.jpg")
        #expect(names.name(for: Self.shot, in: Self.berlin) == "SquareCam_20261130_031501.jpg")
        #expect(names.name(for: Self.shot, in: TimeZone(identifier: "America/Los_Angeles")!) == "SquareCam_20261129_181501.jpg")
        #expect(names.name(for: Self.shot.addingTimeInterval(0.999), in: Self.utc) == "SquareCam_20261130_021501.jpg", "seconds round down")
        #expect(PhotoFileName(prefix: "IMG", fileExtension: "png").name(for: Self.shot, in: Self.utc) == "IMG_20261130_021501.png")
        #expect(names.name(for: Date(timeIntervalSince1970: -1), in: Self.utc) == "SquareCam_19691231_235959.jpg")
    }

    @Test func collisionsGetANumberedSuffix() {
        let names = PhotoFileName()
        #expect(names.name(for: Self.shot, in: Self.utc, sequence: 2) == "SquareCam_20261130_021501-2.jpg")
        // Taken into locals first: #expect would try to describe an endless sequence.
        let firstFour = Array(names.candidates(for: Self.shot, in: Self.utc).prefix(4))
        let thousand = Set(names.candidates(for: Self.shot, in: Self.utc).prefix(1000))
        #expect(firstFour == [
            "SquareCam_20261130_021501.jpg", "SquareCam_20261130_021501-2.jpg",
            "SquareCam_20261130_021501-3.jpg", "SquareCam_20261130_021501-4.jpg",
        ])
        #expect(thousand.count == 1000)
    }

    @Test func seriesNamesAreZeroPaddedAndSortInTheOrderTaken() {
        let names = PhotoFileName()
        #expect(names.name(for: Self.shot, in: Self.utc, seriesNumber: 1, digits: 3) == "SquareCam_20261130_021501_001.jpg")
        #expect(names.name(for: Self.shot, in: Self.utc, seriesNumber: 30, digits: 3) == "SquareCam_20261130_021501_030.jpg")
        #expect([1, 2, 999, 1000, 9999, 10_000, 100_000].map(PhotoFileName.seriesDigits(forCount:)) == [3, 3, 3, 4, 4, 5, 6])
        let digits = PhotoFileName.seriesDigits(forCount: 1200)
        let series = (1...1200).map { names.name(for: Self.shot, in: Self.utc, seriesNumber: $0, digits: digits) }
        #expect(series.sorted() == series)
    }

    @Test func namesSortByTime() {
        let names = PhotoFileName()
        var rng = SeededGenerator(seed: 42)
        let dates = (0..<500).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &rng))) }
        let byName = dates.sorted { names.name(for: $0, in: Self.utc) < names.name(for: $1, in: Self.utc) }
        #expect(byName == dates.sorted())
    }

    @Test func squareNames() {
        #expect(PhotoFileName.squareName(forInput: "IMG_1234.JPG") == "IMG_1234-square.jpg")
        #expect(PhotoFileName.squareName(forInput: "/photos/trip/IMG_1234.heic") == "/photos/trip/IMG_1234-square.jpg")
        #expect(PhotoFileName.squareName(forInput: "a.b.c.png") == "a.b.c-square.jpg")
        #expect(PhotoFileName.squareName(forInput: "noextension") == "noextension-square.jpg")
        #expect(PhotoFileName.squareName(forInput: ".hidden") == ".hidden-square.jpg")
        #expect(PhotoFileName.squareName(forInput: "dir.with.dots/file") == "dir.with.dots/file-square.jpg")
        #expect(PhotoFileName.squareName(forInput: "./x.jpeg", fileExtension: "png") == "./x-square.png")
        #expect(PhotoFileName.squareName(forInput: "写真.jpg") == "写真-square.jpg")
    }
}

@Suite struct ExifTimestampTests {
    @Test func dateTimeIsLocalTime() {
        #expect(ExifTimestamp.dateTime(PhotoFileNameTests.shot, in: PhotoFileNameTests.utc) == "2026:11:30 02:15:01")
        #expect(ExifTimestamp.dateTime(PhotoFileNameTests.shot, in: PhotoFileNameTests.berlin) == "2026:11:30 03:15:01")
        #expect(ExifTimestamp.dateTime(Date(timeIntervalSince1970: 253_402_300_799), in: PhotoFileNameTests.utc) == "9999:12:31 23:59:59")
        #expect(ExifTimestamp.dateTime(Date(timeIntervalSince1970: 0), in: PhotoFileNameTests.utc) == "1970:01:01 00:00:00")
    }

    @Test func offsetsFollowTheZoneAtTheDate() {
        let berlin = PhotoFileNameTests.berlin
        #expect(ExifTimestamp.offset(of: berlin, at: PhotoFileNameTests.shot) == "+01:00")
        #expect(ExifTimestamp.offset(of: berlin, at: Date(timeIntervalSince1970: 1_782_907_200)) == "+02:00", "summer time")
        // Summer time starts at 01:00 UTC on 2026-03-29.
        #expect(ExifTimestamp.offset(of: berlin, at: Date(timeIntervalSince1970: 1_774_745_999)) == "+01:00")
        #expect(ExifTimestamp.offset(of: berlin, at: Date(timeIntervalSince1970: 1_774_746_000)) == "+02:00")
        #expect(ExifTimestamp.offset(of: PhotoFileNameTests.utc, at: PhotoFileNameTests.shot) == "+00:00")
        #expect(ExifTimestamp.offset(of: TimeZone(identifier: "America/St_Johns")!, at: PhotoFileNameTests.shot) == "-03:30")
        #expect(ExifTimestamp.offset(of: TimeZone(identifier: "Asia/Kathmandu")!, at: PhotoFileNameTests.shot) == "+05:45")
        #expect(ExifTimestamp.offset(of: TimeZone(identifier: "Pacific/Kiritimati")!, at: PhotoFileNameTests.shot) == "+14:00")
        #expect(ExifTimestamp.offset(of: TimeZone(secondsFromGMT: -8 * 3600)!, at: PhotoFileNameTests.shot) == "-08:00")
    }

    @Test func offsetSecondsRoundToMinutes() {
        #expect(ExifTimestamp.offset(seconds: 0) == "+00:00")
        #expect(ExifTimestamp.offset(seconds: 1172) == "+00:20", "Amsterdam's old +00:19:32")
        #expect(ExifTimestamp.offset(seconds: -29) == "+00:00", "never -00:00")
        #expect(ExifTimestamp.offset(seconds: -30) == "-00:01")
        #expect(ExifTimestamp.offset(seconds: -(9 * 3600 + 30 * 60)) == "-09:30")
        for minutes in -14 * 60...14 * 60 {
            let text = ExifTimestamp.offset(seconds: minutes * 60)
            let sign = text.hasPrefix("-") ? -1 : 1
            let parts = text.dropFirst().split(separator: ":").compactMap { Int($0) }
            #expect(text.count == 6 && sign * (parts[0] * 60 + parts[1]) == minutes)
        }
    }

    @Test func subsecondsMatchTheSecondsShown() {
        #expect(ExifTimestamp.subseconds(Date(timeIntervalSince1970: 1.25)) == "250")
        #expect(ExifTimestamp.subseconds(Date(timeIntervalSince1970: 7)) == "000")
        #expect(ExifTimestamp.subseconds(Date(timeIntervalSince1970: -0.25)) == "750")
        #expect(ExifTimestamp.dateTime(Date(timeIntervalSince1970: -0.25), in: PhotoFileNameTests.utc) == "1969:12:31 23:59:59")
    }
}
