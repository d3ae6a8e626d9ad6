import CResample
import Foundation
import Testing

/// The viewfinder's one-pass scaler (`cresample_yuv420_to_rgba`, written
/// out for AVX2 where the CPU has it) gives exactly the pixels its
/// definition says: bilinear positions (pixel centres to pixel centres,
/// chroma centred between its two luma samples, and taken once for each pair
/// of output pixels), a vertical blend with 7-bit weights and a horizontal
/// one with 8-bit weights, then the matrix.
/// Output widths cover the AVX2 blocks and the pixels left over; regions
/// start at odd and even positions; down- and upscales; planar and
/// interleaved chroma.
struct YUV420ScalingTests {
    /// A 4:2:0 frame of scrambled samples: every value, no two rows alike.
    struct Planes {
        let width: Int, height: Int
        var chromaWidth: Int { (width + 1) / 2 }
        var chromaHeight: Int { (height + 1) / 2 }
        let y: [UInt8], u: [UInt8], v: [UInt8]

        init(width: Int, height: Int, seed: Int) {
            self.width = width
            self.height = height
            func scrambled(_ count: Int, _ salt: Int) -> [UInt8] {
                (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 73 &+ (seed + salt) &* 151) ^ ($0 &* $0 >> 5)) }
            }
            y = scrambled(width * height, 0)
            u = scrambled((width + 1) / 2 * ((height + 1) / 2), 1)
            v = scrambled((width + 1) / 2 * ((height + 1) / 2), 2)
        }

        /// U and V side by side in one plane, as NV12 has them.
        var interleavedChroma: [UInt8] { zip(u, v).flatMap { [$0, $1] } }
    }

    struct Request {
        var region: (x: Int, y: Int, width: Int, height: Int)
        var output: (width: Int, height: Int)
        var fullRange = false
        /// B, G, R, A (cairo's order) instead of R, G, B, A.
        var bgra = false
        var mirrored = false

        var options: Int32 { (bgra ? Int32(CRESAMPLE_BGRA) : 0) | (mirrored ? Int32(CRESAMPLE_MIRRORED) : 0) }
    }

    /// Where the point `at` of `n` output pixels (pixel i's centre is i + 0.5)
    /// falls on the source samples: its first sample and the second's weight.
    static func position(_ at: Double, of n: Int, first: Int, count: Int, chroma: Bool, bits: Int) -> (start: Int, weight: Int) {
        var p = Double(first) + at * Double(count) / Double(n) - 0.5
        var low = first, high = first + count - 1
        if chroma {
            p = (p - 0.5) / 2
            low = first / 2
            high = (first + count - 1) / 2
        }
        p = min(max(p, Double(low)), Double(high))
        var whole = Int(p.rounded(.down))
        var weight = Int(((p - Double(whole)) * Double(1 << bits)).rounded())
        if weight == 1 << bits { whole += 1; weight = 0 }
        if whole >= high { whole = high; weight = 0 }
        return (whole, weight)
    }

    /// The pixels by the definition, one at a time.
    static func reference(_ planes: Planes, _ request: Request, matrix m: cresample_yuv_matrix) -> [UInt8] {
        let (x0, y0, width, height) = request.region
        let (outWidth, outHeight) = request.output
        func blend(_ plane: [UInt8], stride: Int, rows: Int, chroma: Bool, column: Int, row: Int) -> Int {
            let vertical = position(Double(row) + 0.5, of: outHeight, first: y0, count: height, chroma: chroma, bits: 7)
            // Chroma is blended once per pair of output pixels, at the pair's
            // centre; mirrored, the point at p is sampled where n − p would be.
            let point = chroma ? Double(column / 2 * 2 + 1) : Double(column) + 0.5
            let across = request.mirrored ? Double(outWidth) - point : point
            let horizontal = position(across, of: outWidth, first: x0, count: width, chroma: chroma, bits: 8)
            let lastColumn = chroma ? (x0 + width - 1) / 2 : x0 + width - 1
            func sample(_ c: Int, _ r: Int) -> Int { Int(plane[min(r, rows - 1) * stride + min(c, lastColumn)]) }
            func blendedRow(_ c: Int) -> Int {
                let next = vertical.weight == 0 ? vertical.start : vertical.start + 1
                return sample(c, vertical.start) * (128 - vertical.weight) + sample(c, next) * vertical.weight
            }
            let start = horizontal.start
            return (blendedRow(start) * (256 - horizontal.weight) + blendedRow(start + 1) * horizontal.weight + (1 << 14)) >> 15
        }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for row in 0..<outHeight {
            for column in 0..<outWidth {
                let y = blend(planes.y, stride: planes.width, rows: planes.height, chroma: false, column: column, row: row)
                let u = blend(planes.u, stride: planes.chromaWidth, rows: planes.chromaHeight, chroma: true, column: column, row: row) - 128
                let v = blend(planes.v, stride: planes.chromaWidth, rows: planes.chromaHeight, chroma: true, column: column, row: row) - 128
                let luma = Int(m.y) * (y - Int(m.y_offset)) + (1 << 13)
                let r = UInt8(clamping: (luma + Int(m.v_to_r) * v) >> 14)
                let g = UInt8(clamping: (luma + Int(m.u_to_g) * u + Int(m.v_to_g) * v) >> 14)
                let b = UInt8(clamping: (luma + Int(m.u_to_b) * u) >> 14)
                let at = (row * outWidth + column) * 4
                out[at] = request.bgra ? b : r
                out[at + 1] = g
                out[at + 2] = request.bgra ? r : b
                out[at + 3] = 255
            }
        }
        return out
    }

    /// What the C function writes, from planar (I420) or interleaved (NV12) chroma.
    static func scaled(_ planes: Planes, _ request: Request, matrix: cresample_yuv_matrix, interleaved: Bool) -> [UInt8] {
        var matrix = matrix
        var out = [UInt8](repeating: 0, count: request.output.width * request.output.height * 4)
        let chroma = interleaved ? planes.interleavedChroma : planes.u + planes.v
        let status = planes.y.withUnsafeBufferPointer { y in
            chroma.withUnsafeBufferPointer { chroma in
                let u = chroma.baseAddress!
                let v = interleaved ? u + 1 : u + planes.u.count
                var frame = cresample_yuv420(
                    y: y.baseAddress, u: u, v: v, y_stride: planes.width,
                    chroma_stride: planes.chromaWidth * (interleaved ? 2 : 1), chroma_step: interleaved ? 2 : 1,
                    width: Int32(planes.width), height: Int32(planes.height))
                let (x0, y0, width, height) = request.region
                return cresample_yuv420_to_rgba(
                    &frame, Int32(x0), Int32(y0), Int32(width), Int32(height), &matrix,
                    Int32(request.output.width), Int32(request.output.height), &out, request.output.width * 4,
                    request.options)
            }
        }
        #expect(status == 0)
        return out
    }

    static let requests: [Request] = [
        Request(region: (0, 0, 64, 48), output: (64, 48)),
        Request(region: (0, 0, 64, 48), output: (23, 17), fullRange: true),
        Request(region: (8, 0, 48, 48), output: (40, 40)),
        Request(region: (5, 3, 37, 37), output: (37, 37)),
        Request(region: (5, 3, 37, 37), output: (97, 97), fullRange: true),
        Request(region: (63, 47, 1, 1), output: (8, 8)),
        Request(region: (1, 1, 3, 3), output: (1, 1)),
        Request(region: (0, 0, 64, 48), output: (131, 33), fullRange: true),
        // As the viewfinder asks: cairo's byte order, and flipped for a selfie.
        Request(region: (8, 0, 48, 48), output: (40, 40), bgra: true),
        Request(region: (0, 0, 64, 48), output: (23, 17), mirrored: true),
        Request(region: (5, 3, 37, 37), output: (37, 37), bgra: true, mirrored: true),
        Request(region: (0, 0, 64, 48), output: (131, 33), fullRange: true, bgra: true, mirrored: true),
        Request(region: (1, 1, 3, 3), output: (1, 1), mirrored: true),
        // About the viewfinder's step down (1080 → 587): a group of eight pixels just fits one window of samples.
        Request(region: (4, 0, 55, 48), output: (30, 26), bgra: true),
        Request(region: (4, 0, 55, 48), output: (30, 26), bgra: true, mirrored: true),
    ]

    @Test(arguments: [false, true])
    func everyPixelIsTheBlendItsDefinitionSays(interleaved: Bool) {
        for (index, request) in Self.requests.enumerated() {
            let planes = Planes(width: 64, height: 48, seed: index)
            let matrix = cresample_yuv_matrix_make(0.299, 0.114, request.fullRange ? 1 : 0)
            let scaled = Self.scaled(planes, request, matrix: matrix, interleaved: interleaved)
            let expected = Self.reference(planes, request, matrix: matrix)
            let wrong = zip(scaled, expected).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(wrong == nil, "request #\(index) \(request): byte \(wrong?.offset ?? 0) is \(wrong?.element.0 ?? 0), not \(wrong?.element.1 ?? 0)")
        }
    }

    /// The fixed-point matrices are the standards' (BT.601 full range, as
    /// JPEG has it; BT.709 video range, as most HD cameras send it), to the
    /// 14-bit step.
    @Test func theMatricesAreTheStandards() {
        let jpeg = cresample_yuv_matrix_make(0.299, 0.114, 1)
        let step = Double(1 << CRESAMPLE_YUV_BITS)
        #expect(jpeg.y == Int32(step) && jpeg.y_offset == 0)
        #expect(abs(Double(jpeg.v_to_r) / step - 1.402) < 1 / step)
        #expect(abs(Double(jpeg.u_to_g) / step + 0.344136) < 1 / step)
        #expect(abs(Double(jpeg.v_to_g) / step + 0.714136) < 1 / step)
        #expect(abs(Double(jpeg.u_to_b) / step - 1.772) < 1 / step)
        let hd = cresample_yuv_matrix_make(0.2126, 0.0722, 0)
        #expect(hd.y_offset == 16 && abs(Double(hd.y) / step - 1.164384) < 1 / step)
        #expect(abs(Double(hd.v_to_r) / step - 1.792741) < 1 / step)
        #expect(abs(Double(hd.u_to_g) / step + 0.213249) < 1 / step)
        #expect(abs(Double(hd.v_to_g) / step + 0.532909) < 1 / step)
        #expect(abs(Double(hd.u_to_b) / step - 2.112402) < 1 / step)
    }

    /// A flat frame comes out as its colour: video-range BT.601 bars (as the
    /// test pattern sends them) become full red, green, blue, white and black.
    @Test func flatBarsComeOutAsTheirColours() {
        let bars: [(y: UInt8, u: UInt8, v: UInt8, rgb: [UInt8])] = [
            (81, 90, 240, [255, 0, 0]), (145, 54, 34, [0, 255, 0]), (41, 240, 110, [0, 0, 255]),
            (235, 128, 128, [255, 255, 255]), (16, 128, 128, [0, 0, 0]),
        ]
        let matrix = cresample_yuv_matrix_make(0.299, 0.114, 0)
        for bar in bars {
            let planes = Planes(flat: bar, width: 20, height: 10)
            let out = Self.scaled(planes, Request(region: (0, 0, 20, 10), output: (13, 7)), matrix: matrix, interleaved: false)
            for pixel in stride(from: 0, to: out.count, by: 4) {
                let rgb = Array(out[pixel..<pixel + 3])
                #expect(zip(rgb, bar.rgb).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "Y \(bar.y) U \(bar.u) V \(bar.v) → \(rgb)")
            }
        }
    }
}

extension YUV420ScalingTests.Planes {
    init(flat sample: (y: UInt8, u: UInt8, v: UInt8, rgb: [UInt8]), width: Int, height: Int) {
        self.width = width
        self.height = height
        let chroma = (width + 1) / 2 * ((height + 1) / 2)
        y = [UInt8](repeating: sample.y, count: width * height)
        u = [UInt8](repeating: sample.u, count: chroma)
        v = [UInt8](repeating: sample.v, count: chroma)
    }
}
