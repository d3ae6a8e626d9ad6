import CResample
import SquareCamCore

/// Lanczos-3 resampling of one 8-bit plane that arrives from the top a few
/// rows at a time, as a JPEG decoder produces it. Each output row is made as
/// soon as the source rows under its kernel are in, so only one kernel's
/// height of source rows is ever kept, and only the source columns the
/// output needs are filtered. The multiply-adds run in CResample.
final class PlaneResizer: @unchecked Sendable {
    // Unchecked: one thread at a time pushes rows (TwoThreadPipeline hands it over).
    let output: PixelSize
    private let vertical: LanczosResampler.Taps
    private let verticalWeights: [Int16]
    private let horizontalWeights: [Int16]
    /// Horizontal tap starts, relative to `firstColumn`.
    private let horizontalStarts: [Int32]
    private let horizontalCount: Int
    /// The source columns any output pixel reads: [firstColumn, firstColumn + columnCount).
    private let firstColumn: Int
    private let columnCount: Int
    /// The last `vertical.count` source rows (only the needed columns), row r in slot r % count.
    private let ring: UnsafeMutablePointer<UInt8>
    private let between: UnsafeMutablePointer<UInt8>
    private let pixels: UnsafeMutablePointer<UInt8>
    private var rowsReceived = 0
    private var nextOutputRow = 0

    /// Resamples `source` (fractional, in plane samples) of a `sourceSize` plane to `output`.
    init(sourceSize: PixelSize, source: Rect2D, to output: PixelSize) {
        self.output = output
        vertical = LanczosResampler.taps(
            outputs: output.height, sourceStart: source.y, sourceLength: source.height, limit: sourceSize.height)
        let horizontal = LanczosResampler.taps(
            outputs: output.width, sourceStart: source.x, sourceLength: source.width, limit: sourceSize.width)
        verticalWeights = vertical.weights.map { Int16(clamping: $0) }
        // The C loop takes horizontal taps in whole groups: pad each output's weights with zeros.
        let group = Int(CRESAMPLE_TAP_GROUP)
        horizontalCount = (horizontal.count + group - 1) / group * group
        var padded = [Int16](repeating: 0, count: output.width * horizontalCount)
        for x in 0..<output.width {
            for tap in 0..<horizontal.count {
                padded[x * horizontalCount + tap] = Int16(clamping: horizontal.weights[x * horizontal.count + tap])
            }
        }
        horizontalWeights = padded
        firstColumn = horizontal.start.first ?? 0
        columnCount = (horizontal.start.last ?? 0) + horizontal.count - firstColumn
        horizontalStarts = horizontal.start.map { Int32($0 - (horizontal.start.first ?? 0)) }
        ring = .allocate(capacity: vertical.count * columnCount)
        // The padded taps read (with zero weight) past the last needed column.
        between = .allocate(capacity: columnCount + horizontalCount)
        between.initialize(repeating: 0, count: columnCount + horizontalCount)
        pixels = .allocate(capacity: output.width * output.height)
    }

    deinit {
        ring.deallocate()
        between.deallocate()
        pixels.deallocate()
    }

    /// Whether every output row is made (later source rows are not needed).
    var isComplete: Bool { nextOutputRow == output.height }

    /// How many source rows, from the top, make every output row.
    var sourceRowsNeeded: Int { vertical.start[output.height - 1] + vertical.count }

    /// Takes the next source row (the full plane width) and makes the output rows it completes.
    func push(_ row: UnsafePointer<UInt8>) {
        let index = rowsReceived
        rowsReceived += 1
        guard !isComplete, index >= vertical.start[nextOutputRow] else { return }
        (ring + (index % vertical.count) * columnCount).update(from: row + firstColumn, count: columnCount)
        while !isComplete, vertical.start[nextOutputRow] + vertical.count <= rowsReceived {
            makeOutputRow(nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// The output plane as a gray frame; call once complete.
    func result() -> Frame {
        precondition(isComplete, "the plane is not complete")
        let bytes = [UInt8](UnsafeBufferPointer(start: pixels, count: output.width * output.height))
        return Frame(size: output, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: output.width)])
    }

    private func makeOutputRow(_ row: Int) {
        let first = vertical.start[row]
        var rows = (0..<vertical.count).map { tap in
            UnsafePointer<UInt8>?(ring + ((first + tap) % vertical.count) * columnCount)
        }
        verticalWeights.withUnsafeBufferPointer { weights in
            cresample_rows(&rows, weights.baseAddress! + row * vertical.count, Int32(vertical.count), columnCount, between)
        }
        horizontalStarts.withUnsafeBufferPointer { starts in
            horizontalWeights.withUnsafeBufferPointer { weights in
                cresample_columns(between, starts.baseAddress, weights.baseAddress, Int32(horizontalCount),
                                  output.width, pixels + row * output.width)
            }
        }
    }
}
