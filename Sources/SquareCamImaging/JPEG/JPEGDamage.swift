import SquareCamCore

/// What libjpeg decoded past in a JPEG that is cut short or corrupt. libjpeg
/// only warns about such data and fills what it cannot read with grey, so
/// every decode counts its warnings (JPEGDecompressor.check reads a file
/// to its end for that) and a photo tool treats any as damage.
public struct JPEGDamage: Sendable, Hashable, CustomStringConvertible {
    /// libjpeg's warnings, all told.
    public var warnings: Int
    /// The first, in libjpeg's words.
    public var firstWarning: String
    /// The data ran out before the picture did.
    public var isCutShort: Bool
    /// The stored picture's row where the damage starts, when the file is
    /// one scan (progressive files are read a scan at a time, all rows each).
    public var firstRow: Int?
    public var height: Int
    /// The progressive scan (1 = the first) the damage is in.
    public var progressiveScan: Int?

    /// What libjpeg's warnings say (JPEGDecompressor.damage). `header` is
    /// this decoder's part (a JPEGRestartTail's is the lower rows only),
    /// `rowOffset` the rows above it.
    init(warnings: Int, firstWarning: String, cutShort: Bool, progressiveScan: Int?, imcuRow: Int,
         header: JPEGHeader, rowOffset: Int) {
        self.warnings = warnings
        self.firstWarning = firstWarning
        isCutShort = cutShort
        firstRow = progressiveScan == nil ? rowOffset + min(header.size.height, imcuRow * header.blockSize.height) : nil
        height = header.size.height + rowOffset
        self.progressiveScan = progressiveScan
    }

    /// One sentence: what is wrong, and how much is missing where it can tell.
    public var description: String {
        let missing = firstRow.map { row -> String in
            let percent = max(1, Int((Double(height - row) / Double(height) * 100).rounded()))
            return "from row \(row) of \(height) on (about \(percent) % of the picture)"
        }
        if isCutShort {
            if let missing { return "the file is incomplete: its data stops early and the picture is missing \(missing)" }
            if let scan = progressiveScan, scan > 0 { return "the file is incomplete: its data stops in scan \(scan) of the progressive JPEG, so the picture lacks detail" }
            return "the file is incomplete: its data stops early"
        }
        let place = firstRow.map { " from row \($0) of \(height) on" }
            ?? progressiveScan.map { $0 == 0 ? " before the picture data" : " in scan \($0)" } ?? ""
        let count = warnings > 1 ? ", \(warnings) problems in all" : ""
        return "the file is damaged: corrupt data\(place) (\(firstWarning)\(count))"
    }
}
