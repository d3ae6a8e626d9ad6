import CJPEG
import Dispatch
import SquareCamCore
import Synchronization

extension JPEGEncoder {
    /// Encodes planes made by JPEGDecoder.decodePlanes (gray frames: Y, or
    /// Y, Cb and Cr sized for `subsampling`) without any colour conversion.
    /// A picture large enough is encoded as two halves joined at a restart
    /// marker, on two threads when `twoThreads`: the same bytes either way.
    public static func encode(
        planes: [Frame], subsampling: JPEGSubsampling, quality: Int = ImageDefaults.jpegQuality,
        exif: ExifMetadata? = nil, iccProfile: [UInt8]? = nil, twoThreads: Bool = false
    ) throws(ImagingError) -> [UInt8] {
        let picture = try PlanarPicture(planes: planes, subsampling: subsampling, quality: quality)
        return JPEGMarkers.inserting(exif: exif?.app1Payload, icc: iccProfile, into: try picture.compressed(twoThreads: twoThreads))
    }
}

/// Planes padded to whole MCUs, compressed with TurboJPEG.
///
/// Large enough, the picture is compressed as two halves, the upper one a
/// whole number of MCU rows, joined at a restart marker (JPEGMarkers.joining):
/// the halves can then be compressed at once on two cores, and the file
/// decodes to exactly the pixels of one compression. They are made so on one
/// thread too, so that the bytes written never depend on how busy the machine
/// was, nor on --libjpeg-only.
struct PlanarPicture: Sendable {
    let planes: [Frame]
    let size: PixelSize
    let subsampling: JPEGSubsampling
    let quality: Int32

    /// Checks `planes` (gray frames: Y, or Y, Cb and Cr sized for
    /// `subsampling`) and pads each, by repeating its last column and row, to
    /// the whole MCUs TurboJPEG reads (luma to even sizes for 4:2:0).
    init(planes: [Frame], subsampling: JPEGSubsampling, quality: Int) throws(ImagingError) {
        guard (1...100).contains(quality) else {
            throw .invalidRequest(detail: "the JPEG quality must be 1–100, not \(quality)")
        }
        guard planes.count == (subsampling == .gray ? 1 : 3), planes.allSatisfy({ $0.layout == .gray }) else {
            throw .invalidRequest(detail: "\(subsampling.rawValue) JPEG needs \(subsampling == .gray ? 1 : 3) gray planes, not \(planes.count)")
        }
        let size = planes[0].size
        var padded: [Frame] = []
        for (index, plane) in planes.enumerated() {
            let expected = PixelSize(
                width: Int(tjPlaneWidth(Int32(index), Int32(size.width), subsampling.turboJPEG)),
                height: Int(tjPlaneHeight(Int32(index), Int32(size.height), subsampling.turboJPEG)))
            guard plane.size.width <= expected.width, plane.size.height <= expected.height,
                  plane.size.width >= expected.width - 1, plane.size.height >= expected.height - 1 else {
                throw .invalidRequest(detail: "plane \(index) is \(plane.size), not the \(expected) \(subsampling.rawValue) needs")
            }
            padded.append(plane.size == expected ? plane : Self.edgeExtended(plane, to: expected))
        }
        self.planes = padded
        self.size = size
        self.subsampling = subsampling
        self.quality = Int32(quality)
    }

    /// Below this many pixels a second thread would cost about what it saves.
    static let halvesMinimumPixels = 512 * 512

    /// Luma rows and columns in an MCU, and the luma rows per chroma row.
    private var mcuHeight: Int { subsampling == .yuv420 ? 16 : 8 }
    private var mcuWidth: Int { subsampling == .yuv420 || subsampling == .yuv422 ? 16 : 8 }
    private var chromaRowStep: Int { subsampling == .yuv420 ? 2 : 1 }

    /// The JPEG: in halves when the picture has at least `halvesMinimumPixels`
    /// and the upper half's MCUs fit JPEG's 16-bit restart interval.
    func compressed(twoThreads: Bool) throws(ImagingError) -> [UInt8] {
        let mcuRows = (size.height + mcuHeight - 1) / mcuHeight
        let upperRows = (mcuRows + 1) / 2 * mcuHeight
        let interval = (size.width + mcuWidth - 1) / mcuWidth * ((mcuRows + 1) / 2)
        guard size.width * size.height >= Self.halvesMinimumPixels, mcuRows >= 2, interval <= 0xFFFF else {
            return try compressed(rows: 0..<size.height)
        }
        let parts = [0..<upperRows, upperRows..<size.height]
        var halves: [[UInt8]]
        if twoThreads {
            let made = Mutex<[Result<[UInt8], ImagingError>?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                let result = Result { () throws(ImagingError) in try compressed(rows: parts[half]) }
                made.withLock { $0[half] = result }
            }
            halves = try made.withLock { $0 }.map { (result) throws(ImagingError) in try result!.get() }
        } else {
            halves = []
            for rows in parts { halves.append(try compressed(rows: rows)) }
        }
        guard let joined = JPEGMarkers.joining(top: halves[0], bottom: halves[1], height: size.height, restartInterval: interval) else {
            throw .encodeFailed(detail: "TurboJPEG made halves that cannot be joined")
        }
        return joined
    }

    /// A complete JPEG of luma rows `rows` (and the chroma rows under them);
    /// `rows` starts on an MCU row.
    func compressed(rows: Range<Int>) throws(ImagingError) -> [UInt8] {
        guard let handle = tjInitCompress() else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        var jpegBuffer: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        defer { if let jpegBuffer { tjFree(jpegBuffer) } }
        var strides = planes.map { Int32($0.planes[0].stride) } + [0, 0, 0]
        let status = withPlanePointers { bases in
            var pointers = bases.enumerated().map { index, base in
                base.map { $0 + (index == 0 ? rows.lowerBound : rows.lowerBound / chromaRowStep) * Int(strides[index]) }
            }
            return tjCompressFromYUVPlanes(
                handle, &pointers, Int32(size.width), &strides, Int32(rows.count), subsampling.turboJPEG,
                &jpegBuffer, &jpegSize, quality, Int32(TJFLAG_ACCURATEDCT))
        }
        guard status == 0, let jpegBuffer else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: jpegBuffer, count: Int(jpegSize)))
    }

    /// Calls `body` with a base address for each plane, padded with nils to three.
    private func withPlanePointers<Result>(_ body: ([UnsafePointer<UInt8>?]) -> Result) -> Result {
        func nest(_ index: Int, _ collected: [UnsafePointer<UInt8>?]) -> Result {
            guard index < planes.count else {
                return body(collected + Array(repeating: nil, count: 3 - collected.count))
            }
            return planes[index].planes[0].bytes.withUnsafeBufferPointer { nest(index + 1, collected + [$0.baseAddress]) }
        }
        return nest(0, [])
    }

    /// A gray frame grown to `size` by repeating its last column and row.
    private static func edgeExtended(_ frame: Frame, to size: PixelSize) -> Frame {
        let source = frame.planes[0]
        var bytes = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            let from = min(y, frame.size.height - 1) * source.stride
            for x in 0..<size.width {
                bytes[y * size.width + x] = source.bytes[from + min(x, frame.size.width - 1)]
            }
        }
        return Frame(size: size, layout: .gray, planes: [Frame.Plane(bytes: bytes, stride: size.width)])
    }
}
