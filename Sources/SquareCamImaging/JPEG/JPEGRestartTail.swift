import Glibc

/// The lower part of a baseline JPEG with restart markers, from one MCU row
/// down, as a JPEG of its own — so that a second decoder, on a second core,
/// can decode it while the first decodes the upper part.
///
/// A JPEG's bit stream can only be entered at a restart marker: there the
/// DC predictions reset and the data is byte-aligned. Phone cameras write one
/// every MCU row or so (the iPhone: exactly one). The tail is the headers
/// with the frame's height cut down, then the scan data after the restart
/// marker that begins the row, its later markers renumbered from RST0 as a
/// decoder starting afresh expects.
struct JPEGRestartTail {
    /// MCU rows the file has.
    var mcuRows: Int { scan.mcuRows }
    private let bytes: [UInt8]
    private let scan: JPEGScanHeaders
    private var scanStart: Int { scan.scanStart }

    /// Nil unless the file is one interleaved baseline (Huffman, sequential)
    /// scan with restart markers at MCU-row boundaries.
    init?(_ bytes: [UInt8]) {
        guard let scan = JPEGScanHeaders(bytes), scan.restartInterval > 0 else { return nil }
        self.bytes = bytes
        self.scan = scan
    }

    /// Where MCU row `row` (not the first) begins in the scan data: just after
    /// the restart marker that starts it.
    struct RowStart {
        let row: Int
        fileprivate let restartsBefore: Int
        fileprivate let offset: Int
    }

    /// The part of the work (by coded bytes and by rows, equally) the upper
    /// strip gets in `balancedStart`: half. The lower strip also copies its
    /// bytes (`tail`) and the upper one decodes a few rows past the cut for
    /// its last outputs' taps, which about cancel out: on the 12 MP phone
    /// photo 0.50 and 0.52 timed alike (at 0.52 the upper strip took
    /// 19.8–21.6 ms, the lower 18.6–19.6 ms).
    static let upperShare = 0.50

    /// The row start that splits decoding most evenly between two strips.
    /// Decoding costs about as much per coded byte (Huffman) as per row
    /// (inverse DCT, resampling), and a photo's rows are not alike: the
    /// 12 MP bus photo cut at half its rows left 57 % of the bytes to the
    /// lower strip, which then took 21 ms against the upper's 18. Nil when no
    /// restart marker begins a row, or when a marker up to the cut is out of
    /// sequence: that damage is left to one decoder reading the whole file,
    /// which reports it.
    func balancedStart() -> RowStart? {
        let scanBytes = Double(max(1, bytes.count - scanStart))
        var found: RowStart?
        guard walkRowStarts({ start in
            guard start.row < mcuRows else { return false }
            let upper = (Double(start.offset - scanStart) / scanBytes + Double(start.row) / Double(mcuRows)) / 2
            if upper >= Self.upperShare { found = start }
            return found == nil
        }) else { return nil }
        return found
    }

    /// Calls `visit` with each row a restart marker begins, top down, while
    /// it returns true. False when a marker up to the last visited is out of
    /// sequence.
    private func walkRowStarts(_ visit: (RowStart) -> Bool) -> Bool {
        var seen = 0
        var inSequence = true
        walkMarkers(from: scanStart) { position, marker, after in
            guard case .restart = marker else { return false }
            inSequence = inSequence && Int(bytes[position + 1] - 0xD0) == seen & 7
            seen += 1
            guard inSequence else { return false }
            let mcus = seen * scan.restartInterval
            guard mcus % scan.mcusPerRow == 0 else { return true }
            return visit(RowStart(row: mcus / scan.mcusPerRow, restartsBefore: seen, offset: after))
        }
        return inSequence
    }

    /// The file from `start` down: the headers with the frame's height cut
    /// to the rows left, then the scan data with its restart markers
    /// renumbered from RST0. A marker out of sequence stays out of sequence
    /// by as much, so the tail's decoder meets that damage as one decoder would.
    func tail(from start: RowStart) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(scanStart + bytes.count - start.offset + 2)
        output += scan.headers(of: bytes, fromMCURow: start.row)
        var runStart = start.offset
        let shift = UInt8(start.restartsBefore & 7)
        var ended = false
        walkMarkers(from: start.offset) { position, marker, after in
            output += bytes[runStart..<position]
            runStart = after
            switch marker {
            case .restart:
                output += [0xFF, 0xD0 + ((bytes[position + 1] &- 0xD0 &- shift) & 7)]
                return true
            case .endOfScan:
                output += [0xFF, 0xD9]
                ended = true
                return false
            }
        }
        // The data ran out: the tail stops short as the file does (no
        // end-of-image marker), so its decoder says it is cut short, not corrupt.
        if !ended { output += bytes[runStart...] }
        return output
    }

    private enum ScanMarker { case restart, endOfScan }

    /// Calls `visit(position, marker, positionAfter)` for each restart marker
    /// in the scan data from `position`, then for the marker that ends the
    /// scan, while `visit` returns true. memchr finds each 0xFF: the scan is
    /// megabytes, and a byte-at-a-time loop was most of the time the upper
    /// strip waited before it could start.
    private func walkMarkers(from position: Int, _ visit: (Int, ScanMarker, Int) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = position
            while position + 1 < buffer.count {
                guard let found = memchr(base + position, 0xFF, buffer.count - 1 - position) else { return }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                switch buffer[at + 1] {
                case 0x00: position = at + 2  // a stuffed data byte
                case 0xFF: position = at + 1  // fill before a marker
                case 0xD0...0xD7:
                    guard visit(at, .restart, at + 2) else { return }
                    position = at + 2
                default:  // EOI, or any other marker: the scan ends
                    _ = visit(at, .endOfScan, at + 2)
                    return
                }
            }
        }
    }
}
