/// The marker segments at the head of a JPEG file (everything before the first
/// scan), read with bounds checks and no C library: where the EXIF block and
/// the ICC profile are, and how to put new ones in.
struct JPEGMarkers {
    /// One marker segment: the marker byte (0xE1 for APP1…) and its payload.
    struct Segment {
        var marker: UInt8
        var payload: Range<Int>
    }

    static let exifSignature: [UInt8] = Array("Exif\0\0".utf8)
    static let iccSignature: [UInt8] = Array("ICC_PROFILE\0".utf8)
    static let jfifSignature: [UInt8] = Array("JFIF\0".utf8)
    /// A segment's payload is at most 65533 bytes (the length field counts itself).
    static let maxPayload = 65533

    let bytes: [UInt8]
    /// The segments before the first scan (SOS) or the end, in file order.
    let segments: [Segment]
    /// Where the segment list ended: the offset of SOS, or the end of what could be read.
    let headerEnd: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var segments: [Segment] = []
        var offset = 2
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            self.segments = []
            self.headerEnd = 0
            return
        }
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { break }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { break }  // SOS / EOI
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            segments.append(Segment(marker: marker, payload: (offset + 4)..<(offset + 2 + length)))
            offset += 2 + length
        }
        self.segments = segments
        self.headerEnd = offset
    }

    private func payload(_ segment: Segment) -> ArraySlice<UInt8> { bytes[segment.payload] }

    func starts(_ segment: Segment, with signature: [UInt8]) -> Bool {
        payload(segment).starts(with: signature)
    }

    /// The first APP1 Exif payload, starting with "Exif\0\0".
    var exifPayload: [UInt8]? {
        segments.first { $0.marker == 0xE1 && starts($0, with: Self.exifSignature) }.map { Array(payload($0)) }
    }

    /// The ICC profile, reassembled from its APP2 chunks in sequence order.
    var iccProfile: [UInt8]? {
        let chunks = segments
            .filter { $0.marker == 0xE2 && starts($0, with: Self.iccSignature) && $0.payload.count > 14 }
            .map { segment -> (Int, ArraySlice<UInt8>) in
                let sequence = Int(bytes[segment.payload.lowerBound + 12])
                return (sequence, bytes[(segment.payload.lowerBound + 14)..<segment.payload.upperBound])
            }
            .sorted { $0.0 < $1.0 }
        guard !chunks.isEmpty else { return nil }
        return chunks.flatMap { $0.1 }
    }

    /// Whether an Adobe APP14 segment is present (its transform flag tells how CMYK is stored).
    var hasAdobeMarker: Bool {
        segments.contains { $0.marker == 0xEE && starts($0, with: Array("Adobe".utf8)) }
    }

    /// `encoded` (a JPEG straight from the encoder) with an Exif APP1 segment
    /// right after SOI and the ICC profile after it. A JFIF APP0 is dropped
    /// when EXIF goes in, because the Exif standard wants APP1 first.
    static func inserting(exif: [UInt8]?, icc: [UInt8]?, into encoded: [UInt8]) -> [UInt8] {
        guard exif != nil || icc != nil else { return encoded }
        let markers = JPEGMarkers(encoded)
        var restStart = 2
        if exif != nil, let first = markers.segments.first, first.marker == 0xE0,
           markers.starts(first, with: jfifSignature) {
            restStart = first.payload.upperBound
        }
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + (exif?.count ?? 0) + (icc?.count ?? 0) + 64)
        out += [0xFF, 0xD8]
        if let exif {
            appendSegment(marker: 0xE1, payload: exif, to: &out)
        }
        if let icc, !icc.isEmpty {
            let chunkSize = maxPayload - 14
            let count = (icc.count + chunkSize - 1) / chunkSize
            if count <= 255 {
                for index in 0..<count {
                    let chunk = icc[(index * chunkSize)..<min(icc.count, (index + 1) * chunkSize)]
                    appendSegment(marker: 0xE2, payload: iccSignature + [UInt8(index + 1), UInt8(count)] + chunk, to: &out)
                }
            }
        }
        out += encoded[restStart...]
        return out
    }

    /// One baseline JPEG of `height` rows made of two that the same encoder
    /// wrote, with the same settings, of the upper rows of a picture (`top`,
    /// a whole number of MCU rows: `restartInterval` MCUs) and of the rows
    /// below them (`bottom`, at most as many MCUs). A restart marker between
    /// their coded data is what makes that exact: at a restart, an encoder pads
    /// its last byte with ones and predicts DC from zero again, as each part's
    /// encoder did at its own end and start. nil when the two were not made
    /// alike (their segments differ beyond the height), or the interval does
    /// not fit the DRI segment's 16 bits.
    static func joining(top: [UInt8], bottom: [UInt8], height: Int, restartInterval: Int) -> [UInt8]? {
        guard (1...0xFFFF).contains(restartInterval), (1...0xFFFF).contains(height) else { return nil }
        let upper = JPEGMarkers(top), lower = JPEGMarkers(bottom)
        // A baseline frame (SOF0), no restart interval of its own, one scan each.
        guard let frame = upper.segments.first(where: { $0.marker == 0xC0 }), frame.payload.count >= 5,
              !upper.segments.contains(where: { $0.marker == 0xDD }),
              let upperScan = upper.scan, let lowerScan = lower.scan,
              top[upperScan.header] == bottom[lowerScan.header],
              upper.segments.map(upper.payloadWithoutHeight) == lower.segments.map(lower.payloadWithoutHeight),
              upper.segments.map(\.marker) == lower.segments.map(\.marker) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(top.count + bottom.count + 8)
        out += top[..<upper.headerEnd]
        out[frame.payload.lowerBound + 1] = UInt8(height >> 8)
        out[frame.payload.lowerBound + 2] = UInt8(height & 0xFF)
        appendSegment(marker: 0xDD, payload: [UInt8(restartInterval >> 8), UInt8(restartInterval & 0xFF)], to: &out)
        out += top[upperScan.header]
        out += top[upperScan.data]
        out += [0xFF, 0xD0]  // RST0: the first restart
        out += bottom[lowerScan.data]
        out += [0xFF, 0xD9]
        return out
    }

    /// A segment's payload, with a baseline frame header's height (its bytes 1–2) zeroed.
    private func payloadWithoutHeight(_ segment: Segment) -> [UInt8] {
        var payload = Array(bytes[segment.payload])
        if segment.marker == 0xC0, payload.count >= 3 { payload[1] = 0; payload[2] = 0 }
        return payload
    }

    /// The one scan of a file as an encoder writes it: its SOS segment right
    /// after the header, then its coded data, then EOI as the file's last two
    /// bytes (and no other marker, which a one-scan file with no restart
    /// interval cannot have in its data).
    private var scan: (header: Range<Int>, data: Range<Int>)? {
        let start = headerEnd
        guard start + 4 <= bytes.count, bytes[start] == 0xFF, bytes[start + 1] == 0xDA,
              bytes.count >= 2, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return nil }
        let dataStart = start + 2 + (Int(bytes[start + 2]) << 8 | Int(bytes[start + 3]))
        guard dataStart <= bytes.count - 2 else { return nil }
        return (start..<dataStart, dataStart..<(bytes.count - 2))
    }

    static func appendSegment(marker: UInt8, payload: [UInt8], to out: inout [UInt8]) {
        precondition(payload.count <= maxPayload, "a JPEG segment holds at most \(maxPayload) bytes")
        let length = payload.count + 2
        out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
        out += payload
    }
}
