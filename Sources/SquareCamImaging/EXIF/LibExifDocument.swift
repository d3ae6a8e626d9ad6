import CExif

/// An EXIF block in libexif's hands. Every libexif call SquareCam makes is in this file.
final class LibExifDocument {
    private let data: UnsafeMutablePointer<ExifData>

    /// The IFDs SquareCam touches.
    enum IFD {
        case zero, exif, gps, interoperability, thumbnail

        var libexif: ExifIfd {
            switch self {
            case .zero: EXIF_IFD_0
            case .exif: EXIF_IFD_EXIF
            case .gps: EXIF_IFD_GPS
            case .interoperability: EXIF_IFD_INTEROPERABILITY
            case .thumbnail: EXIF_IFD_1
            }
        }
    }

    /// An empty block (big-endian, as most cameras write).
    init() throws(ImagingError) {
        guard let data = exif_data_new() else { throw .exifFailed(detail: "libexif is out of memory") }
        self.data = data
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_MOTOROLA)
        exif_data_set_data_type(data, EXIF_DATA_TYPE_COMPRESSED)
    }

    /// The block in an APP1 payload ("Exif\0\0" + TIFF data), keeping every
    /// tag, known to libexif or not, and the maker note bytes as they are.
    init(loading payload: [UInt8]) throws(ImagingError) {
        guard let data = exif_data_new() else { throw .exifFailed(detail: "libexif is out of memory") }
        self.data = data
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        // Following the specification would invent default tags the camera never wrote.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        payload.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        exif_data_set_data_type(data, EXIF_DATA_TYPE_COMPRESSED)
        guard entryCount(in: .zero) + entryCount(in: .exif) > 0 else {
            exif_data_unref(data)
            throw .exifFailed(detail: "the EXIF block holds no readable tags")
        }
    }

    deinit { exif_data_unref(data) }

    private func content(_ ifd: IFD) -> UnsafeMutablePointer<ExifContent> {
        squarecam_exif_ifd(data, ifd.libexif)
    }

    func entryCount(in ifd: IFD) -> Int { Int(content(ifd).pointee.count) }

    var byteOrder: ExifByteOrder { exif_data_get_byte_order(data) }

    /// Bytes of the embedded thumbnail (0 when there is none).
    var thumbnailSize: Int { Int(squarecam_exif_thumbnail_size(data)) }

    /// The first value of a SHORT or LONG tag.
    func integer(_ tag: UInt16, in ifd: IFD) -> Int? {
        guard let entry = exif_content_get_entry(content(ifd), CExif.ExifTag(UInt32(tag))),
              entry.pointee.components >= 1, let bytes = entry.pointee.data else { return nil }
        switch entry.pointee.format {
        case EXIF_FORMAT_SHORT where entry.pointee.size >= 2: return Int(exif_get_short(bytes, byteOrder))
        case EXIF_FORMAT_LONG where entry.pointee.size >= 4: return Int(exif_get_long(bytes, byteOrder))
        default: return nil
        }
    }

    /// The text of an ASCII tag.
    func text(_ tag: UInt16, in ifd: IFD) -> String? {
        guard let entry = exif_content_get_entry(content(ifd), CExif.ExifTag(UInt32(tag))),
              entry.pointee.format == EXIF_FORMAT_ASCII, let bytes = entry.pointee.data else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size))
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    func contains(_ tag: UInt16, in ifd: IFD) -> Bool {
        exif_content_get_entry(content(ifd), CExif.ExifTag(UInt32(tag))) != nil
    }

    func remove(_ tag: UInt16, in ifd: IFD) {
        if let entry = exif_content_get_entry(content(ifd), CExif.ExifTag(UInt32(tag))) {
            exif_content_remove_entry(content(ifd), entry)
        }
    }

    /// Removes every tag of an IFD (GPS for `--strip-location`, IFD1 with the thumbnail).
    func removeAll(in ifd: IFD) {
        let ifdContent = content(ifd)
        while ifdContent.pointee.count > 0, let entry = ifdContent.pointee.entries[0] {
            exif_content_remove_entry(ifdContent, entry)
        }
    }

    /// Drops the embedded thumbnail and the IFD1 that describes it.
    func removeThumbnail() {
        squarecam_exif_drop_thumbnail(data)
        removeAll(in: .thumbnail)
    }

    func setText(_ tag: UInt16, in ifd: IFD, _ value: String) throws(ImagingError) {
        let bytes = Array(value.utf8) + [0]
        try set(tag, in: ifd, format: EXIF_FORMAT_ASCII, components: bytes.count, bytes: bytes)
    }

    /// An UNDEFINED tag such as ExifVersion ("0232").
    func setUndefined(_ tag: UInt16, in ifd: IFD, _ bytes: [UInt8]) throws(ImagingError) {
        try set(tag, in: ifd, format: EXIF_FORMAT_UNDEFINED, components: bytes.count, bytes: bytes)
    }

    func setShort(_ tag: UInt16, in ifd: IFD, _ value: UInt16) throws(ImagingError) {
        var bytes = [UInt8](repeating: 0, count: 2)
        exif_set_short(&bytes, byteOrder, value)
        try set(tag, in: ifd, format: EXIF_FORMAT_SHORT, components: 1, bytes: bytes)
    }

    func setLong(_ tag: UInt16, in ifd: IFD, _ value: UInt32) throws(ImagingError) {
        var bytes = [UInt8](repeating: 0, count: 4)
        exif_set_long(&bytes, byteOrder, value)
        try set(tag, in: ifd, format: EXIF_FORMAT_LONG, components: 1, bytes: bytes)
    }

    func setRational(_ tag: UInt16, in ifd: IFD, numerator: UInt32, denominator: UInt32) throws(ImagingError) {
        var bytes = [UInt8](repeating: 0, count: 8)
        exif_set_rational(&bytes, byteOrder, ExifRational(numerator: numerator, denominator: denominator))
        try set(tag, in: ifd, format: EXIF_FORMAT_RATIONAL, components: 1, bytes: bytes)
    }

    /// Replaces (or adds) a tag with raw bytes in the block's byte order. Built
    /// by hand rather than with exif_entry_initialize, which leaves tags libexif
    /// has no defaults for (OffsetTimeOriginal in 0.6.24) empty.
    private func set(
        _ tag: UInt16, in ifd: IFD, format: ExifFormat, components: Int, bytes: [UInt8]
    ) throws(ImagingError) {
        remove(tag, in: ifd)
        guard let entry = exif_entry_new() else { throw .exifFailed(detail: "libexif is out of memory") }
        defer { exif_entry_unref(entry) }
        // The default ExifMem frees with free(), so malloc is the matching allocator.
        guard let storage = malloc(bytes.count)?.assumingMemoryBound(to: UInt8.self) else {
            throw .exifFailed(detail: "out of memory")
        }
        storage.initialize(from: bytes, count: bytes.count)
        entry.pointee.tag = CExif.ExifTag(UInt32(tag))
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(bytes.count)
        entry.pointee.data = storage
        exif_content_add_entry(content(ifd), entry)
    }

    /// The block as an APP1 payload: "Exif\0\0" followed by the TIFF data.
    func save() throws(ImagingError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer, size > 0 else { throw .exifFailed(detail: "libexif could not serialise the block") }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
