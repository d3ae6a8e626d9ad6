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
    /// MCU rows the file has, and which of them a tail may start at (every `rowStep`-th).
    let mcuRows: Int
    let rowStep: Int
    private let bytes: [UInt8]
    private let heightOffset: Int
    private let height: Int
    private let mcuHeight: Int
    private let mcusPerRestart: Int
    private let mcusPerRow: Int
    private let scanStart: Int

    /// Nil unless the file is one interleaved baseline (Huffman, sequential)
    /// scan with restart markers at MCU-row boundaries.
    init?(_ bytes: [UInt8]) {
        var position = 2
        var frame: (offset: Int, height: Int, width: Int, maxH: Int, maxV: Int, components: Int)?
        var restartInterval = 0
        while position + 4 <= bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill byte
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let body = position + 4
            guard length >= 2, position + 2 + length <= bytes.count else { return nil }
            switch marker {
            case 0xC0, 0xC1:  // baseline or extended sequential, Huffman
                guard length >= 8 else { return nil }
                let components = Int(bytes[body + 5])
                guard bytes[body] == 8, components >= 1, length >= 8 + 3 * components else { return nil }
                var maxH = 1, maxV = 1
                for index in 0..<components {
                    let sampling = bytes[body + 7 + 3 * index]
                    maxH = max(maxH, Int(sampling >> 4))
                    maxV = max(maxV, Int(sampling & 0x0F))
                }
                frame = (body + 1, Int(bytes[body + 1]) << 8 | Int(bytes[body + 2]),
                         Int(bytes[body + 3]) << 8 | Int(bytes[body + 4]), maxH, maxV, components)
            case 0xC2...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                return nil  // progressive, lossless, hierarchical or arithmetic
            case 0xDD:
                guard length == 4 else { return nil }
                restartInterval = Int(bytes[body]) << 8 | Int(bytes[body + 1])
            case 0xDA:
                guard let frame, restartInterval > 0, length >= 6, frame.height > 0, frame.width > 0,
                      Int(bytes[body]) == frame.components else { return nil }
                let mcuWidth = 8 * frame.maxH, mcuHeight = 8 * frame.maxV
                let mcusPerRow = (frame.width + mcuWidth - 1) / mcuWidth
                // Rows whose first MCU starts a restart interval.
                let step = restartInterval / Self.greatestCommonDivisor(restartInterval, mcusPerRow)
                self.bytes = bytes
                self.heightOffset = frame.offset
                self.height = frame.height
                self.mcuHeight = mcuHeight
                self.mcusPerRestart = restartInterval
                self.mcusPerRow = mcusPerRow
                self.mcuRows = (frame.height + mcuHeight - 1) / mcuHeight
                self.rowStep = step
                self.scanStart = position + 2 + length
                return
            default:
                break
            }
            position += 2 + length
        }
        return nil
    }

    /// The file from MCU row `row` (a multiple of `rowStep`, not 0) down; nil
    /// when the scan data does not have the restart markers it should.
    func tail(fromMCURow row: Int) -> [UInt8]? {
        guard row > 0, row < mcuRows, row % rowStep == 0 else { return nil }
        let restartsBefore = row * mcusPerRow / mcusPerRestart
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        output += bytes[..<scanStart]
        let rows = height - row * mcuHeight
        output[heightOffset] = UInt8(rows >> 8)
        output[heightOffset + 1] = UInt8(rows & 0xFF)
        var seen = 0
        var copyFrom: Int? = nil
        var position = scanStart
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else { position += 1; continue }
            let next = bytes[position + 1]
            switch next {
            case 0x00, 0xFF:  // a stuffed data byte, or fill before a marker
                position += next == 0x00 ? 2 : 1
            case 0xD0...0xD7:
                if let start = copyFrom {
                    output += bytes[start..<position]
                    output += [0xFF, 0xD0 + UInt8((seen - restartsBefore) & 7)]
                }
                seen += 1
                position += 2
                if seen == restartsBefore || copyFrom != nil { copyFrom = position }
            default:  // EOI, or any other marker: the scan ends
                guard let start = copyFrom else { return nil }
                output += bytes[start..<position]
                output += [0xFF, 0xD9]
                return output
            }
        }
        // The data ran out: the tail stops short as the file does (no
        // end-of-image marker), so its decoder says it is cut short, not corrupt.
        guard let start = copyFrom else { return nil }
        output += bytes[start...]
        return output
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
