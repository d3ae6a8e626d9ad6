import SquareCamCore

/// The XMP and IPTC segments of a photo, passed on to its square as
/// `jpegtran -copy all` passes them: keywords, captions, ratings and credits
/// stay with the picture. EXIF and the ICC profile are rebuilt elsewhere
/// (SquareCropper); these are copied, with what the crop made untrue fixed.
extension JPEGMarkers {
    static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMPSignature: [UInt8] = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let photoshopSignature: [UInt8] = Array("Photoshop 3.0\0".utf8)

    /// The segments to pass on to a `size` square, in file order. The main
    /// XMP packet gets Orientation 1 and the square's size where it states
    /// them. With `.stripLocation` XMP that holds a GPS position is dropped
    /// whole (its extension parts too), since editing RDF safely is more than
    /// a crop should do; with `.strip` nothing is passed on.
    func passedOn(size: PixelSize, metadata: CropOptions.Metadata) -> [(marker: UInt8, payload: [UInt8])] {
        guard metadata != .strip else { return [] }
        let xmp = segments.filter { $0.marker == 0xE1 && (starts($0, with: Self.xmpSignature) || starts($0, with: Self.extendedXMPSignature)) }
        let locates = xmp.contains { Self.mentionsLocation(bytes[$0.payload]) }
        return segments.compactMap { segment -> (UInt8, [UInt8])? in
            if segment.marker == 0xED && starts(segment, with: Self.photoshopSignature) {
                return (segment.marker, Array(bytes[segment.payload]))
            }
            guard xmp.contains(where: { $0.payload == segment.payload }), !(locates && metadata == .stripLocation) else { return nil }
            guard starts(segment, with: Self.xmpSignature) else { return (segment.marker, Array(bytes[segment.payload])) }
            let packet = Array(bytes[segment.payload].dropFirst(Self.xmpSignature.count))
            let fixed = Self.xmpSignature + XMPPacket.correcting(packet, size: size)
            return (segment.marker, fixed.count <= Self.maxPayload ? fixed : Array(bytes[segment.payload]))
        }
    }

    private static func mentionsLocation(_ payload: ArraySlice<UInt8>) -> Bool {
        let needle = Array("GPS".utf8)
        guard payload.count >= needle.count else { return false }
        return payload.indices.dropLast(needle.count - 1).contains { payload[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// `jpeg` with `extra` segments after its leading APPn segments (SOI, then EXIF, ICC…, then these).
    static func inserting(_ extra: [(marker: UInt8, payload: [UInt8])], into jpeg: [UInt8]) -> [UInt8] {
        guard !extra.isEmpty else { return jpeg }
        let markers = JPEGMarkers(jpeg)
        let end = markers.segments.prefix { (0xE0...0xEF).contains($0.marker) }.last?.payload.upperBound ?? 2
        var out = Array(jpeg[..<end])
        out.reserveCapacity(jpeg.count + extra.reduce(0) { $0 + $1.payload.count + 4 })
        for segment in extra { appendSegment(marker: segment.marker, payload: segment.payload, to: &out) }
        out += jpeg[end...]
        return out
    }
}

/// The few XMP properties a square crop makes untrue, set right in the packet's text.
enum XMPPacket {
    /// `packet` with tiff:Orientation 1 and the pixel sizes (tiff:ImageWidth,
    /// tiff:ImageLength, exif:PixelXDimension, exif:PixelYDimension) of `size`,
    /// wherever the packet states them, as attributes or as elements.
    static func correcting(_ packet: [UInt8], size: PixelSize) -> [UInt8] {
        var text = String(decoding: packet, as: UTF8.self)
        let values = [("tiff:Orientation", "1"), ("tiff:ImageWidth", "\(size.width)"), ("tiff:ImageLength", "\(size.height)"),
                      ("exif:PixelXDimension", "\(size.width)"), ("exif:PixelYDimension", "\(size.height)")]
        for (name, value) in values {
            text = replacingValue(of: name, with: value, in: text)
        }
        return Array(text.utf8)
    }

    private static func replacingValue(of name: String, with value: String, in text: String) -> String {
        var result = text
        // name="…" or name='…', then <name>…</name>
        for (open, close) in [(name + "=\"", "\""), (name + "='", "'"), ("<" + name + ">", "</" + name + ">")] {
            var searchStart = result.startIndex
            while let opening = result[searchStart...].firstRange(of: open),
                  let closing = result[opening.upperBound...].firstRange(of: close) {
                result.replaceSubrange(opening.upperBound..<closing.lowerBound, with: value)
                searchStart = result.index(opening.upperBound, offsetBy: value.count)
            }
        }
        return result
    }
}
