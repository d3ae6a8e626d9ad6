#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Names for new photos: sortable by time, unique with a numbered suffix.
///
/// `SquareCam_20261130_021501.jpg` for a photo taken at 02:15:01 local time;
/// when that name is taken, `SquareCam_20261130_021501-2.jpg`, `-3`, … The
/// caller tries the names in order with an exclusive create, so two photos
/// in the same second never overwrite each other.
///
/// A series (`shoot --count`) is named after its first photo's time with a
/// zero-padded number instead, `SquareCam_20261130_021501_001.jpg`, `_002`, …:
/// "-10" would sort before "-2", and the first photo would have no number.
public struct PhotoFileName: Hashable, Sendable {
    /// Starts every name ("SquareCam").
    public var prefix: String
    /// The extension without a dot ("jpg").
    public var fileExtension: String

    /// A naming scheme; the defaults give `SquareCam_YYYYMMDD_HHMMSS.jpg`.
    public init(prefix: String = "SquareCam", fileExtension: String = "jpg") {
        self.prefix = prefix
        self.fileExtension = fileExtension
    }

    /// The name for a photo taken at `date`, local time in `timeZone`; `sequence` 1 is the plain name, 2 and up add "-N".
    public func name(for date: Date, in timeZone: TimeZone = .current, sequence: Int = 1) -> String {
        precondition(sequence >= 1, "the sequence starts at 1, not \(sequence)")
        let suffix = sequence == 1 ? "" : "-\(sequence)"
        return "\(prefix)_\(Self.timestamp(for: date, in: timeZone))\(suffix).\(fileExtension)"
    }

    /// The name of photo `number` of a series that began at `date`, its
    /// number zero-padded to `digits` (see `seriesDigits(forCount:)`), so the
    /// series sorts in the order it was taken.
    public func name(for date: Date, in timeZone: TimeZone = .current, seriesNumber number: Int, digits: Int) -> String {
        precondition(number >= 1, "a series starts at 1, not \(number)")
        return "\(prefix)_\(Self.timestamp(for: date, in: timeZone))_\(Self.pad(number, digits)).\(fileExtension)"
    }

    /// Digits of the numbers in a series of `count` photos: three (001 to
    /// 999), more when the count needs them, so every number of the series has as many.
    public static func seriesDigits(forCount count: Int) -> Int {
        max(3, String(max(1, count)).count)
    }

    /// The names to try, in order, for a photo taken at `date`: the plain name, then "-2", "-3", … without end.
    public func candidates(for date: Date, in timeZone: TimeZone = .current) -> LazyMapSequence<PartialRangeFrom<Int>, String> {
        // The explicit type picks the lazy `map`; an eager one would never finish.
        let scheme = self
        return (1...).lazy.map { scheme.name(for: date, in: timeZone, sequence: $0) }
    }

    /// "YYYYMMDD_HHMMSS" for `date` in `timeZone` (Gregorian calendar, seconds rounded down).
    public static func timestamp(for date: Date, in timeZone: TimeZone) -> String {
        let c = CalendarFields(date: date, timeZone: timeZone)
        return "\(pad(c.year, 4))\(pad(c.month, 2))\(pad(c.day, 2))_\(pad(c.hour, 2))\(pad(c.minute, 2))\(pad(c.second, 2))"
    }

    /// The output name for a square crop of `path`: same folder, "-square" after the name, the given extension.
    ///
    /// `/photos/IMG_1234.HEIC` → `/photos/IMG_1234-square.jpg`; a name without
    /// an extension, or a hidden file's leading dot, keeps its whole name.
    public static func squareName(forInput path: String, fileExtension: String = "jpg") -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var stem = file
        if let dot = file.lastIndex(of: "."), dot != file.startIndex {
            stem = String(file[..<dot])
        }
        return "\(folder)\(stem)-square.\(fileExtension)"
    }

    /// `value` in decimal, zero-padded to `width` digits (a minus sign first when negative).
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}

/// The Gregorian calendar fields of a moment in a time zone.
struct CalendarFields {
    var year, month, day, hour, minute, second: Int

    init(date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        year = c.year ?? 0
        month = c.month ?? 0
        day = c.day ?? 0
        hour = c.hour ?? 0
        minute = c.minute ?? 0
        second = c.second ?? 0
    }
}
