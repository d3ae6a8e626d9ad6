#if canImport(Glibc)
import Glibc  // free
#endif
import CJPEG
import SquareCamCore

/// Collects the region's rows of each plane into the encoder's bands,
/// repeating edge samples into the padding, and compresses each band once
/// every plane has filled it. Each plane keeps two bands: luma arrives up to
/// a band ahead of chroma. Every `cjpeg_encoder_*` call is made here.
final class JPEGBandWriter: @unchecked Sendable {
    // Unchecked: one thread at a time pushes rows (TwoThreadPipeline hands it over).
    private let encoder: OpaquePointer
    private var band = cjpeg_band()
    private let buffers: [UnsafeMutablePointer<UInt8>]
    /// Each plane's first column and row of the region, in its own samples.
    private let origin: [(x: Int, y: Int)]
    /// The plane column each pushed row starts at (cjpeg_decoder_limit_columns).
    private let firstStoredColumn: [Int]
    /// Band rows filled per plane, padding included.
    private var received: [Int]
    private var bandsWritten = 0
    private(set) var failure: ImagingError?

    init(region: PixelRect, planes: [PlaneLayout], across: Int, down: Int, quality: Int) throws(ImagingError) {
        guard let encoder = cjpeg_encoder_create() else { throw .encodeFailed(detail: "out of memory") }
        self.encoder = encoder
        let sampling = planes.count == 1 ? (1, 1) : (across, down)
        guard LibjpegStatus(cjpeg_encoder_start(encoder, UInt32(region.width), UInt32(region.height), Int32(planes.count),
                                                Int32(sampling.0), Int32(sampling.1), Int32(quality), &band)) == .done else {
            let detail = String(cString: cjpeg_encoder_message(encoder))
            cjpeg_encoder_destroy(encoder)
            throw .encodeFailed(detail: detail)
        }
        let band = band
        buffers = (0..<planes.count).map {
            .allocate(capacity: 2 * Int(JPEGDecoder.element(band.width, $0) * JPEGDecoder.element(band.rows, $0)))
        }
        origin = planes.indices.map { $0 == 0 ? (region.x, region.y) : (region.x / across, region.y / down) }
        firstStoredColumn = planes.map(\.firstStoredColumn)
        received = Array(repeating: 0, count: planes.count)
    }

    deinit {
        buffers.forEach { $0.deallocate() }
        cjpeg_encoder_destroy(encoder)
    }

    private func width(_ plane: Int) -> Int { Int(JPEGDecoder.element(band.width, plane)) }
    private func rows(_ plane: Int) -> Int { Int(JPEGDecoder.element(band.rows, plane)) }
    private func usedWidth(_ plane: Int) -> Int { Int(JPEGDecoder.element(band.used_width, plane)) }
    private func usedHeight(_ plane: Int) -> Int { Int(JPEGDecoder.element(band.used_height, plane)) }

    /// Where band row `index` (counted from the region's top) of `plane` goes.
    private func slot(_ plane: Int, _ index: Int) -> UnsafeMutablePointer<UInt8> {
        buffers[plane] + (index % (2 * rows(plane))) * width(plane)
    }

    /// Input iMCU rows to read: down to the region's last row in every plane.
    func inputRowsNeeded(planes: [PlaneLayout]) -> Int {
        planes.indices.map { index in
            (origin[index].y + usedHeight(index) + planes[index].rowsPerRead - 1) / planes[index].rowsPerRead
        }.max() ?? 0
    }

    /// Takes row `row` of `plane` as decoded (starting at the plane's
    /// firstStoredColumn), and compresses the bands it completes.
    func push(_ input: UnsafePointer<UInt8>, row: Int, plane: Int) {
        guard failure == nil, row >= origin[plane].y, row < origin[plane].y + usedHeight(plane) else { return }
        let target = slot(plane, received[plane])
        let used = usedWidth(plane)
        target.update(from: input + (origin[plane].x - firstStoredColumn[plane]), count: used)
        (target + used).update(repeating: target[used - 1], count: width(plane) - used)
        received[plane] += 1
        if row + 1 == origin[plane].y + usedHeight(plane) {
            // The picture's last row: repeated into the rest of its band.
            while received[plane] % rows(plane) != 0 {
                slot(plane, received[plane]).update(from: target, count: width(plane))
                received[plane] += 1
            }
        }
        while failure == nil, received.indices.allSatisfy({ received[$0] >= (bandsWritten + 1) * rows($0) }) {
            writeBand()
        }
    }

    private func writeBand() {
        var pointers: [UnsafeMutablePointer<UInt8>?] = buffers.indices.map { slot($0, bandsWritten * rows($0)) }
            + Array(repeating: nil, count: 3 - buffers.count)
        var strides = buffers.indices.map { width($0) } + Array(repeating: 0, count: 3 - buffers.count)
        if LibjpegStatus(cjpeg_encoder_write_band(encoder, &pointers, &strides)) != .done {
            failure = .encodeFailed(detail: String(cString: cjpeg_encoder_message(encoder)))
        }
        bandsWritten += 1
    }

    /// The finished JPEG; call once every row is pushed.
    func finish() throws(ImagingError) -> [UInt8] {
        if let failure { throw failure }
        guard bandsWritten == Int(band.bands) else {
            throw .corrupt(detail: "the decoder stopped after \(bandsWritten) of \(band.bands) bands")
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        guard LibjpegStatus(cjpeg_encoder_finish(encoder, &output, &size)) == .done, let output else {
            throw .encodeFailed(detail: String(cString: cjpeg_encoder_message(encoder)))
        }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
