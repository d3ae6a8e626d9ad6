import CPNG
import SquareCamCore

/// 16-bit PNG in and out with the samples as stored, which libpng's simplified
/// API cannot do (it reads 16 bits as linear light, converted, and writes 16
/// bits only as linear light). This goes through libpng's full API in C
/// (Sources/CPNG/cpng16.c, which owns the setjmp its errors need): every call
/// of that C is in this file, the simplified API's are in PNGCodec.swift.
extension PNGCodec {
    /// Whether a PNG's header says 16 bits per sample. IHDR is always the
    /// first chunk, so its bit depth is byte 24; a damaged header is left to
    /// the decoder to report.
    public static func isSixteenBit(_ bytes: [UInt8]) -> Bool {
        bytes.count > 24 && bytes.starts(with: signature) && bytes[12..<16].elementsEqual("IHDR".utf8) && bytes[24] == 16
    }

    /// Decodes a 16-bit PNG (gray, gray+alpha, RGB or RGBA) to its samples as
    /// stored, with its colour chunks and colour key. Throws `.tooLarge`
    /// before allocating pixels when the header claims more than
    /// `maxPixels`, and `.corrupt` for a damaged file or one cut short
    /// anywhere, even after its last row.
    public static func decode16(_ bytes: [UInt8], maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> PNG16Image {
        guard bytes.starts(with: signature) else { throw .unsupportedFormat(detail: "no PNG signature") }
        let result: Result<PNG16Image, ImagingError> = bytes.withUnsafeBufferPointer { buffer in
            // libpng reads the bytes in place: they stay pinned until the reader is gone.
            guard let reader = cpng16_reader_create(buffer.baseAddress, buffer.count) else {
                return .failure(.corrupt(detail: "out of memory"))
            }
            defer { cpng16_reader_destroy(reader) }
            return Result { () throws(ImagingError) in try read(reader, maxPixels: maxPixels) }
        }
        return try result.get()
    }

    private static func read(_ reader: OpaquePointer, maxPixels: Int) throws(ImagingError) -> PNG16Image {
        var header = cpng16_header()
        guard cpng16_read_header(reader, &header) == 0 else { throw .corrupt(detail: libpngMessage(cpng16_reader_message(reader))) }
        let size = PixelSize(width: Int(header.width), height: Int(header.height))
        guard size.area <= maxPixels else { throw .tooLarge(size: size, limit: maxPixels) }
        guard header.bit_depth == 16 else {
            throw .invalidRequest(detail: "not a 16-bit PNG (\(header.bit_depth) bits per sample)")
        }
        let channels = Int(header.channels)
        let count = size.area * channels
        var read = false
        let samples = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
            read = cpng16_read_pixels(reader, buffer.baseAddress, size.width * channels * 2) == 0
            initialized = read ? count : 0
        }
        guard read else { throw .corrupt(detail: libpngMessage(cpng16_reader_message(reader))) }
        var chunks: [PNGChunk] = []
        for index in 0..<cpng16_reader_chunk_count(reader) {
            var chunk = cpng16_chunk()
            cpng16_reader_chunk(reader, index, &chunk)
            let type = withUnsafeBytes(of: chunk.type) { String(decoding: $0.prefix(4), as: UTF8.self) }
            let data = chunk.size == 0 ? [] : Array(UnsafeBufferPointer(start: chunk.data, count: chunk.size))
            chunks.append(PNGChunk(type: type, data: data, afterImageData: chunk.after_image_data != 0))
        }
        let key = header.has_key != 0 ? Array([header.key.0, header.key.1, header.key.2].prefix(channels)) : nil
        return PNG16Image(frame: Frame16(size: size, channels: channels, samples: samples), colorChunks: chunks,
                          transparentKey: key)
    }

    /// Encodes a 16-bit frame as a 16-bit PNG of the matching colour type,
    /// with `colorChunks` written as they are and `transparentKey` (gray or
    /// RGB frames) as its tRNS chunk.
    public static func encode16(_ frame: Frame16, colorChunks: [PNGChunk] = [], transparentKey: [UInt16]? = nil) throws(ImagingError) -> [UInt8] {
        guard let writer = cpng16_writer_create() else { throw .encodeFailed(detail: "out of memory") }
        defer { cpng16_writer_destroy(writer) }
        for chunk in colorChunks {
            var added = cpng16_chunk()
            withUnsafeMutableBytes(of: &added.type) { type in
                for (index, letter) in chunk.type.utf8.prefix(4).enumerated() { type[index] = letter }
            }
            added.after_image_data = chunk.afterImageData ? 1 : 0
            let status = chunk.data.withUnsafeBufferPointer { data in
                added.data = data.baseAddress
                added.size = data.count
                return cpng16_writer_add_chunk(writer, &added)
            }
            guard status == 0 else { throw .encodeFailed(detail: "out of memory") }
        }
        // Three samples whatever the colour type: the C reads a gray key's first only.
        let key = transparentKey.map { Array(($0 + [0, 0, 0]).prefix(3)) }
        let status = frame.samples.withUnsafeBufferPointer { samples in
            let write = { (key: UnsafePointer<UInt16>?) in
                cpng16_write(writer, samples.baseAddress, frame.rowLength * 2, UInt32(frame.size.width),
                             UInt32(frame.size.height), Int32(frame.channels), key)
            }
            return key.map { $0.withUnsafeBufferPointer { write($0.baseAddress) } } ?? write(nil)
        }
        guard status == 0 else { throw .encodeFailed(detail: libpngMessage(cpng16_writer_message(writer))) }
        var size = 0
        guard let bytes = cpng16_writer_bytes(writer, &size) else { throw .encodeFailed(detail: "libpng wrote nothing") }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    private static func libpngMessage(_ text: UnsafePointer<CChar>) -> String {
        let message = String(cString: text)
        return message.isEmpty ? "libpng failed without a message" : "libpng: \(message)"
    }
}
