import CResample
import SquareCamCore

/// Lanczos-3 resampling of one 8-bit plane that arrives from the top a few
/// rows at a time, as a JPEG decoder produces it. Each output row is made as
/// soon as the source rows under its kernel are in, so only one kernel's
/// height of source rows is ever kept, and only the source columns the
/// output needs are filtered. The multiply-adds run in CResample.
final class PlaneResizer: @unchecked Sendable {
    // Unchecked: one thread at a time pushes rows (TwoThreadPipeline hands it over).
    /// The weights for one plane's resampling, computed once and shared by
    /// the resizers of its strips.
    struct Plan: Sendable {
        let sourceSize: PixelSize
        /// The resampled part of the plane, in (fractional) samples.
        let source: Rect2D
        let output: PixelSize
        let vertical: LanczosResampler.Taps
        let verticalWeights: [Int16]
        let horizontalWeights: [Int16]
        /// Horizontal tap starts, relative to `firstColumn`.
        let horizontalStarts: [Int32]
        let horizontalCount: Int
        /// The source columns any output pixel reads: [firstColumn, firstColumn + columnCount).
        let firstColumn: Int
        let columnCount: Int

        /// Resamples `source` (fractional, in plane samples) of a `sourceSize` plane to `output`.
        init(sourceSize: PixelSize, source: Rect2D, to output: PixelSize) {
            self.sourceSize = sourceSize
            self.source = source
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
        }

        /// The first source row output row `row` reads.
        func firstSourceRow(of row: Int) -> Int { vertical.start[row] }
    }

    let plan: Plan
    var output: PixelSize { plan.output }
    private var vertical: LanczosResampler.Taps { plan.vertical }
    private var columnCount: Int { plan.columnCount }
    /// The last `vertical.count` source rows (only the needed columns), row r in slot r % count.
    private let ring: UnsafeMutablePointer<UInt8>
    private let between: UnsafeMutablePointer<UInt8>
    /// This resizer's output rows (`outputRows`), the first at the start.
    private let pixels: UnsafeMutablePointer<UInt8>
    /// The output rows this resizer makes (all of them, unless the plane is made in strips).
    let outputRows: Range<Int>
    /// The index of the next source row pushed.
    private var rowsReceived: Int
    private var nextOutputRow: Int

    /// Resamples `source` (fractional, in plane samples) of a `sourceSize` plane to `output`.
    convenience init(sourceSize: PixelSize, source: Rect2D, to output: PixelSize) {
        self.init(plan: Plan(sourceSize: sourceSize, source: source, to: output))
    }

    /// Makes `rows` of `plan`'s output (all when nil), from source rows
    /// pushed from `firstSourceRow` on (one strip of a plane decoded in parts).
    init(plan: Plan, rows: Range<Int>? = nil, firstSourceRow: Int = 0) {
        self.plan = plan
        outputRows = rows ?? 0..<plan.output.height
        rowsReceived = firstSourceRow
        nextOutputRow = outputRows.lowerBound
        ring = .allocate(capacity: plan.vertical.count * plan.columnCount)
        // The padded taps read (with zero weight) past the last needed column.
        between = .allocate(capacity: plan.columnCount + plan.horizontalCount)
        between.initialize(repeating: 0, count: plan.columnCount + plan.horizontalCount)
        pixels = .allocate(capacity: plan.output.width * outputRows.count)
    }

    deinit {
        ring.deallocate()
        between.deallocate()
        pixels.deallocate()
    }

    /// Whether every output row is made (later source rows are not needed).
    var isComplete: Bool { nextOutputRow == outputRows.upperBound }

    /// How many source rows, from the top, make every output row.
    var sourceRowsNeeded: Int { vertical.start[outputRows.upperBound - 1] + vertical.count }

    /// Takes the next source row, whose first sample is plane column
    /// `firstColumn` and which reaches at least to the last column the
    /// plan reads, and makes the output rows it completes.
    func push(_ row: UnsafePointer<UInt8>, firstColumn: Int = 0) {
        let index = rowsReceived
        rowsReceived += 1
        guard !isComplete, index >= vertical.start[nextOutputRow] else { return }
        precondition(firstColumn <= plan.firstColumn, "the row starts right of the columns the plan reads")
        (ring + (index % vertical.count) * columnCount).update(from: row + (plan.firstColumn - firstColumn),
                                                               count: columnCount)
        while !isComplete, vertical.start[nextOutputRow] + vertical.count <= rowsReceived {
            makeOutputRow(nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// The output plane as a gray frame; call once complete. Made in
    /// strips, the other strips' rows come from `others`: each strip's rows
    /// are copied once, straight into the frame.
    func result(with others: [PlaneResizer] = []) -> Frame {
        let strips = ([self] + others).sorted { $0.outputRows.lowerBound < $1.outputRows.lowerBound }
        precondition(strips.allSatisfy(\.isComplete), "the plane is not complete")
        // Every row written once: the frame's bytes are not zeroed first.
        precondition(zip(strips, strips.dropFirst()).allSatisfy { $0.outputRows.upperBound == $1.outputRows.lowerBound }
                     && strips.first?.outputRows.lowerBound == 0 && strips.last?.outputRows.upperBound == output.height,
                     "the strips do not make the plane's rows")
        let width = output.width, count = width * output.height
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for strip in strips {
                (buffer.baseAddress! + strip.outputRows.lowerBound * width).initialize(from: strip.pixels, count: strip.outputRows.count * width)
            }
            initialized = count
        }
        return Frame(size: output, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: width)])
    }

    private func makeOutputRow(_ row: Int) {
        let first = vertical.start[row]
        var rows = (0..<vertical.count).map { tap in
            UnsafePointer<UInt8>?(ring + ((first + tap) % vertical.count) * columnCount)
        }
        plan.verticalWeights.withUnsafeBufferPointer { weights in
            cresample_rows(&rows, weights.baseAddress! + row * vertical.count, Int32(vertical.count), columnCount, between)
        }
        plan.horizontalStarts.withUnsafeBufferPointer { starts in
            plan.horizontalWeights.withUnsafeBufferPointer { weights in
                cresample_columns(between, starts.baseAddress, weights.baseAddress, Int32(plan.horizontalCount),
                                  output.width, pixels + (row - outputRows.lowerBound) * output.width)
            }
        }
    }
}
