/// The headers of a JPEG whose picture is one interleaved baseline (Huffman,
/// sequential) scan: where its frame's height is, its MCU grid, and where the
/// scan's data starts — what a second decoder of the picture's lower rows
/// needs (JPEGRestartTail, and the handover of JPEGDecoder+Handover.swift).
struct JPEGScanHeaders {
    /// Where the frame's height (two bytes) is in the file.
    let heightOffset: Int
    let height: Int
    let mcuHeight: Int
    let mcusPerRow: Int
    let mcuRows: Int
    /// MCUs between restart markers (0: none).
    let restartInterval: Int
    /// The first byte of the scan's data, after its header.
    let scanStart: Int

    /// Nil unless the file is one interleaved baseline scan (as far as the headers show).
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
                guard let frame, length >= 6, frame.height > 0, frame.width > 0,
                      Int(bytes[body]) == frame.components else { return nil }
                let mcuWidth = 8 * frame.maxH
                heightOffset = frame.offset
                height = frame.height
                mcuHeight = 8 * frame.maxV
                mcusPerRow = (frame.width + mcuWidth - 1) / mcuWidth
                mcuRows = (frame.height + mcuHeight - 1) / mcuHeight
                self.restartInterval = restartInterval
                scanStart = position + 2 + length
                return
            default:
                break
            }
            position += 2 + length
        }
        return nil
    }

    /// The headers of `bytes` (the file these were read from) up to the
    /// scan's data, with the frame's height cut to the rows from MCU row
    /// `mcuRow` on (0 < mcuRow < mcuRows).
    func headers(of bytes: [UInt8], fromMCURow mcuRow: Int) -> [UInt8] {
        var output = Array(bytes[..<scanStart])
        let rows = height - mcuRow * mcuHeight
        output[heightOffset] = UInt8(rows >> 8)
        output[heightOffset + 1] = UInt8(rows & 0xFF)
        return output
    }
}
