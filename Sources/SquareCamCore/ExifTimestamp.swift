#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates as EXIF writes them: DateTimeOriginal, OffsetTimeOriginal and SubSecTimeOriginal.
public enum ExifTimestamp {
    /// "YYYY:MM:DD HH:MM:SS": local time in `timeZone`, seconds rounded down.
    public static func dateTime(_ date: Date, in timeZone: TimeZone) -> String {
        let c = CalendarFields(date: date, timeZone: timeZone)
        let p = PhotoFileName.pad
        return "\(p(c.year, 4)):\(p(c.month, 2)):\(p(c.day, 2)) \(p(c.hour, 2)):\(p(c.minute, 2)):\(p(c.second, 2))"
    }

    /// The UTC offset of `timeZone` at `date` as "+HH:MM" or "-HH:MM" ("+00:00" for UTC), to the nearest minute.
    ///
    /// Taken at the photo's date, so summer time is right for photos taken in summer.
    public static func offset(of timeZone: TimeZone, at date: Date) -> String {
        offset(seconds: timeZone.secondsFromGMT(for: date))
    }

    /// A UTC offset in seconds as "+HH:MM" or "-HH:MM", to the nearest minute.
    public static func offset(seconds: Int) -> String {
        let minutes = (seconds.magnitude + 30) / 60
        let p = PhotoFileName.pad
        return "\(seconds < 0 && minutes > 0 ? "-" : "+")\(p(Int(minutes / 60), 2)):\(p(Int(minutes % 60), 2))"
    }

    /// Milliseconds past the second, "000"–"999", matching the seconds of `dateTime` (rounded down).
    public static func subseconds(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        let millis = min(999, max(0, Int(((t - t.rounded(.down)) * 1000).rounded(.down))))
        return PhotoFileName.pad(millis, 3)
    }
}
