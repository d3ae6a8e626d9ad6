import CJPEG
import SquareCamCore

extension JPEGEncoder {
    /// Encodes planes made by JPEGDecoder.decodePlanes (gray frames: Y, or
    /// Y, Cb and Cr sized for `subsampling`) without any colour conversion.
    public static func encode(
        planes: [Frame], subsampling: JPEGSubsampling, quality: Int = ImageDefaults.jpegQuality,
        exif: ExifMetadata? = nil, iccProfile: [UInt8]? = nil
    ) throws(ImagingError) -> [UInt8] {
        guard (1...100).contains(quality) else {
            throw .invalidRequest(detail: "the JPEG quality must be 1–100, not \(quality)")
        }
        guard planes.count == (subsampling == .gray ? 1 : 3), planes.allSatisfy({ $0.layout == .gray }) else {
            throw .invalidRequest(detail: "\(subsampling.rawValue) JPEG needs \(subsampling == .gray ? 1 : 3) gray planes, not \(planes.count)")
        }
        guard let handle = tjInitCompress() else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        let size = planes[0].size
        // TurboJPEG reads whole MCUs: a plane is padded, by repeating its last
        // column and row, to the size it expects (luma to even sizes for 4:2:0).
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
        let planes = padded
        var jpegBuffer: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        defer { if let jpegBuffer { tjFree(jpegBuffer) } }
        var strides = planes.map { Int32($0.planes[0].stride) } + [0, 0, 0]
        let status = withPlanePointers(planes.map { $0.planes[0].bytes }) { pointers in
            var pointers = pointers
            return tjCompressFromYUVPlanes(
                handle, &pointers, Int32(size.width), &strides, Int32(size.height), subsampling.turboJPEG,
                &jpegBuffer, &jpegSize, Int32(quality), Int32(TJFLAG_ACCURATEDCT))
        }
        guard status == 0, let jpegBuffer else {
            throw .encodeFailed(detail: String(cString: tjGetErrorStr2(handle)))
        }
        let encoded = Array(UnsafeBufferPointer(start: jpegBuffer, count: Int(jpegSize)))
        return JPEGMarkers.inserting(exif: exif?.app1Payload, icc: iccProfile, into: encoded)
    }

    /// Calls `body` with a base address for each of `arrays` (up to three), padded with nils to three.
    private static func withPlanePointers<Result>(
        _ arrays: [[UInt8]], _ body: ([UnsafePointer<UInt8>?]) -> Result
    ) -> Result {
        func nest(_ index: Int, _ collected: [UnsafePointer<UInt8>?]) -> Result {
            guard index < arrays.count else {
                return body(collected + Array(repeating: nil, count: 3 - collected.count))
            }
            return arrays[index].withUnsafeBufferPointer { nest(index + 1, collected + [$0.baseAddress]) }
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
