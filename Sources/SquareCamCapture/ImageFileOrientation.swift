#if canImport(Glibc)
import Glibc
#endif

/// The EXIF Orientation of a JPEG file, read from its APP1 segment, so a
/// `file:` camera shows the picture upright (GStreamer's decoders here do not
/// report the tag, and this GStreamer has no jpegparse).
enum ImageFileOrientation {
    /// The orientation (1–8) of the JPEG at `path`; 1 when there is none or it is not a JPEG.
    static func read(path: String) -> Int {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return 1 }
        defer { close(file) }
        // EXIF sits in the first segments; 256 KiB covers any real header.
        var head = [UInt8](repeating: 0, count: 256 * 1024)
        var filled = 0
        while filled < head.count {
            let count = head.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + filled, $0.count - filled) }
            if count > 0 { filled += count } else if count == 0 || errno != EINTR { break }
        }
        return orientation(inJPEG: Array(head[..<filled]))
    }

    /// The orientation in JPEG bytes; 1 when absent or invalid.
    static func orientation(inJPEG bytes: [UInt8]) -> Int {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // image data: no EXIF after this
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xE1, let value = exifOrientation(bytes[(offset + 4)..<(offset + 2 + length)]) {
                return value
            }
            offset += 2 + length
        }
        return 1
    }

    private static func exifOrientation(_ segment: ArraySlice<UInt8>) -> Int? {
        let exif = Array(segment)
        guard exif.count >= 14, Array(exif[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = Array(exif[6...])
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at + 2 <= tiff.count else { return nil }
            return bigEndian ? Int(tiff[at]) << 8 | Int(tiff[at + 1]) : Int(tiff[at + 1]) << 8 | Int(tiff[at])
        }
        func read32(_ at: Int) -> Int? {
            guard let high = read16(bigEndian ? at : at + 2), let low = read16(bigEndian ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard let ifd = read32(4), let count = read16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = read16(at) else { return nil }
            if tag == 0x0112, let value = read16(at + 8) {
                return (1...8).contains(value) ? value : 1
            }
        }
        return nil
    }

    /// videoflip's `video-direction` that shows an image of this orientation upright.
    static func videoDirection(for orientation: Int) -> String {
        switch orientation {
        case 2: "horiz"
        case 3: "180"
        case 4: "vert"
        case 5: "ul-lr"
        case 6: "90r"
        case 7: "ur-ll"
        case 8: "90l"
        default: "identity"
        }
    }
}
