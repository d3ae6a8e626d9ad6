#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SquareCamCore

/// An EXIF block ready to go into a JPEG: the APP1 payload, "Exif\0\0" followed by the TIFF data.
public struct ExifMetadata: Sendable, Hashable {
    /// The APP1 payload, at most 65533 bytes.
    public let app1Payload: [UInt8]

    /// Wraps an APP1 payload; throws when it is not one or is too large for a JPEG segment.
    public init(app1Payload: [UInt8]) throws(ImagingError) {
        guard app1Payload.starts(with: JPEGMarkers.exifSignature) else {
            throw .exifFailed(detail: "the block does not start with the Exif signature")
        }
        guard app1Payload.count <= JPEGMarkers.maxPayload else {
            throw .exifFailed(detail: "the block is \(app1Payload.count) bytes, more than a JPEG segment holds")
        }
        self.app1Payload = app1Payload
    }

    /// The EXIF of a photo just taken: dates with their UTC offset, camera,
    /// software, pixel size, Orientation 1, no thumbnail.
    public static func newPhoto(
        date: Date, timeZone: TimeZone, make: String?, model: String?, software: String, pixelSize: PixelSize
    ) throws(ImagingError) -> ExifMetadata {
        let document = try LibExifDocument()
        let stamp = ExifDate(date: date, timeZone: timeZone)
        if let make, !make.isEmpty { try document.setText(ExifTagNumber.make, in: .zero, make) }
        if let model, !model.isEmpty { try document.setText(ExifTagNumber.model, in: .zero, model) }
        try document.setShort(ExifTagNumber.orientation, in: .zero, 1)
        try document.setRational(ExifTagNumber.xResolution, in: .zero, numerator: 72, denominator: 1)
        try document.setRational(ExifTagNumber.yResolution, in: .zero, numerator: 72, denominator: 1)
        try document.setShort(ExifTagNumber.resolutionUnit, in: .zero, 2)  // inches
        try document.setText(ExifTagNumber.software, in: .zero, software)
        try document.setText(ExifTagNumber.dateTime, in: .zero, stamp.dateTime)
        try document.setShort(ExifTagNumber.yCbCrPositioning, in: .zero, 1)  // centred, as JPEG samples chroma
        try document.setUndefined(ExifTagNumber.exifVersion, in: .exif, Array("0232".utf8))
        try document.setText(ExifTagNumber.dateTimeOriginal, in: .exif, stamp.dateTime)
        try document.setText(ExifTagNumber.dateTimeDigitized, in: .exif, stamp.dateTime)
        try document.setText(ExifTagNumber.offsetTime, in: .exif, stamp.offset)
        try document.setText(ExifTagNumber.offsetTimeOriginal, in: .exif, stamp.offset)
        try document.setText(ExifTagNumber.offsetTimeDigitized, in: .exif, stamp.offset)
        try document.setText(ExifTagNumber.subSecTimeOriginal, in: .exif, stamp.milliseconds)
        try document.setUndefined(ExifTagNumber.componentsConfiguration, in: .exif, [1, 2, 3, 0])
        try document.setUndefined(ExifTagNumber.flashpixVersion, in: .exif, Array("0100".utf8))
        try document.setShort(ExifTagNumber.colorSpace, in: .exif, 1)  // sRGB
        try document.setLong(ExifTagNumber.pixelXDimension, in: .exif, UInt32(pixelSize.width))
        try document.setLong(ExifTagNumber.pixelYDimension, in: .exif, UInt32(pixelSize.height))
        return try ExifMetadata(app1Payload: document.save())
    }

    /// The EXIF of a photo cropped from `original`: every tag kept, except
    /// Orientation (now 1, the pixels are upright), the pixel dimensions (now
    /// `pixelSize`), the stale thumbnail and subject area (removed), and with
    /// `stripLocation` the GPS block.
    public static func cropped(
        from original: ExifMetadata, pixelSize: PixelSize, stripLocation: Bool
    ) throws(ImagingError) -> ExifMetadata {
        let document = try LibExifDocument(loading: original.app1Payload)
        document.removeThumbnail()
        if stripLocation { document.removeAll(in: .gps) }
        try document.setShort(ExifTagNumber.orientation, in: .zero, 1)
        if document.contains(ExifTagNumber.imageWidth, in: .zero) {
            try document.setLong(ExifTagNumber.imageWidth, in: .zero, UInt32(pixelSize.width))
            try document.setLong(ExifTagNumber.imageLength, in: .zero, UInt32(pixelSize.height))
        }
        try document.setLong(ExifTagNumber.pixelXDimension, in: .exif, UInt32(pixelSize.width))
        try document.setLong(ExifTagNumber.pixelYDimension, in: .exif, UInt32(pixelSize.height))
        // Points into the uncropped frame: wrong for the square.
        document.remove(ExifTagNumber.subjectArea, in: .exif)
        document.remove(ExifTagNumber.subjectLocation, in: .exif)
        return try ExifMetadata(app1Payload: document.save())
    }

    /// The raw Orientation value (0–65535 as stored); `nil` when the tag is absent or unreadable.
    public var orientationValue: Int? {
        (try? LibExifDocument(loading: app1Payload))?.integer(ExifTagNumber.orientation, in: .zero)
    }

    /// What a test or a caller wants to know about the block, read back through libexif.
    public struct Summary: Sendable, Hashable {
        public var orientation: Int?
        public var pixelSize: PixelSize?
        public var thumbnailBytes: Int
        public var hasThumbnailIFD: Bool
        public var hasGPS: Bool
        public var make: String?
        public var model: String?
        public var software: String?
        public var dateTimeOriginal: String?
        public var offsetTimeOriginal: String?
    }

    /// The block read back through libexif.
    public func summary() throws(ImagingError) -> Summary {
        let document = try LibExifDocument(loading: app1Payload)
        let width = document.integer(ExifTagNumber.pixelXDimension, in: .exif)
        let height = document.integer(ExifTagNumber.pixelYDimension, in: .exif)
        return Summary(
            orientation: document.integer(ExifTagNumber.orientation, in: .zero),
            pixelSize: width.flatMap { w in height.map { PixelSize(width: w, height: $0) } },
            thumbnailBytes: document.thumbnailSize,
            hasThumbnailIFD: document.entryCount(in: .thumbnail) > 0,
            hasGPS: document.entryCount(in: .gps) > 0,
            make: document.text(ExifTagNumber.make, in: .zero),
            model: document.text(ExifTagNumber.model, in: .zero),
            software: document.text(ExifTagNumber.software, in: .zero),
            dateTimeOriginal: document.text(ExifTagNumber.dateTimeOriginal, in: .exif),
            offsetTimeOriginal: document.text(ExifTagNumber.offsetTimeOriginal, in: .exif))
    }
}

/// EXIF tag numbers SquareCam reads or writes (from the Exif 2.32 standard).
enum ExifTagNumber {
    static let imageWidth: UInt16 = 0x0100
    static let imageLength: UInt16 = 0x0101
    static let make: UInt16 = 0x010F
    static let model: UInt16 = 0x0110
    static let orientation: UInt16 = 0x0112
    static let xResolution: UInt16 = 0x011A
    static let yResolution: UInt16 = 0x011B
    static let resolutionUnit: UInt16 = 0x0128
    static let software: UInt16 = 0x0131
    static let dateTime: UInt16 = 0x0132
    static let yCbCrPositioning: UInt16 = 0x0213
    static let exifVersion: UInt16 = 0x9000
    static let dateTimeOriginal: UInt16 = 0x9003
    static let dateTimeDigitized: UInt16 = 0x9004
    static let offsetTime: UInt16 = 0x9010
    static let offsetTimeOriginal: UInt16 = 0x9011
    static let offsetTimeDigitized: UInt16 = 0x9012
    static let componentsConfiguration: UInt16 = 0x9101
    static let subjectArea: UInt16 = 0x9214
    static let subSecTimeOriginal: UInt16 = 0x9291
    static let flashpixVersion: UInt16 = 0xA000
    static let colorSpace: UInt16 = 0xA001
    static let pixelXDimension: UInt16 = 0xA002
    static let pixelYDimension: UInt16 = 0xA003
    static let subjectLocation: UInt16 = 0xA214
}

/// A date as EXIF writes it: local wall time, and the UTC offset separately.
struct ExifDate {
    /// "2026:11:30 14:05:09"
    var dateTime: String
    /// "+01:00"
    var offset: String
    /// "042" (milliseconds)
    var milliseconds: String

    init(date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        dateTime = "\(parts.year ?? 0):\(two(parts.month)):\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        let seconds = timeZone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        offset = "\(seconds < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))"
        let millis = min(999, (parts.nanosecond ?? 0) / 1_000_000)
        milliseconds = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    }
}
