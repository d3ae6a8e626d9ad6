import CHeif
import SquareCamCore

/// A HEIF/HEIC still decoded upright, with its metadata.
public struct HEIFImage: Sendable {
    /// Upright RGB (or RGBA with `keepAlpha`) pixels: libheif has applied the
    /// container's rotation and mirror (irot/imir) once. The EXIF Orientation
    /// tag must not be applied again.
    public var frame: Frame
    /// The EXIF block as a JPEG APP1 payload, when the file has one.
    public var exif: ExifMetadata?
    /// The ICC profile, when the file has one.
    public var iccProfile: [UInt8]?
}

/// HEIF/HEIC through libheif (loaded on first use, see CHeif). Every libheif
/// call SquareCam makes is in this file.
public enum HEIFDecoder {
    /// True when the bytes look like a HEIF container (an ftyp box with a HEIF brand).
    public static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand)
    }

    /// Decodes the primary image. Throws `.tooLarge` before decoding pixels
    /// when it claims more than `maxPixels`.
    public static func decode(_ bytes: [UInt8], keepAlpha: Bool = false, maxPixels: Int = ImageDefaults.maxPixels) throws(ImagingError) -> HEIFImage {
        guard let library = cheif_library()?.pointee else {
            throw .unsupportedFormat(detail: "HEIF needs libheif, which could not be loaded (\(String(cString: cheif_load_error()))); install the libheif1 package")
        }
        guard let context = library.heif_context_alloc() else { throw .corrupt(detail: "libheif is out of memory") }
        defer { library.heif_context_free(context) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImagingError) -> HEIFImage in
            try check(library.heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil))
            var handle: OpaquePointer? = nil
            try check(library.heif_context_get_primary_image_handle(context, &handle))
            guard let handle else { throw .corrupt(detail: "the HEIF file has no primary image") }
            defer { library.heif_image_handle_release(handle) }
            let size = PixelSize(width: Int(library.heif_image_handle_get_width(handle)), height: Int(library.heif_image_handle_get_height(handle)))
            guard size.width > 0, size.height > 0 else { throw .corrupt(detail: "the HEIF image is empty") }
            guard size.area <= maxPixels else { throw .tooLarge(size: size, limit: maxPixels) }
            let alpha = keepAlpha && library.heif_image_handle_has_alpha_channel(handle) != 0
            var image: OpaquePointer? = nil
            try check(library.heif_decode_image(handle, &image, heif_colorspace_RGB,
                                        alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil))
            guard let image else { throw .corrupt(detail: "libheif returned no image") }
            defer { library.heif_image_release(image) }
            let width = Int(library.heif_image_get_width(image, heif_channel_interleaved))
            let height = Int(library.heif_image_get_height(image, heif_channel_interleaved))
            var stride: Int32 = 0
            guard width > 0, height > 0, let plane = library.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw .corrupt(detail: "libheif returned no pixels")
            }
            let channels = alpha ? 4 : 3
            let rowBytes = width * channels
            var pixels = [UInt8](repeating: 0, count: rowBytes * height)
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    (out.baseAddress! + row * rowBytes).update(from: plane + row * Int(stride), count: rowBytes)
                }
            }
            let frame = Frame(size: PixelSize(width: width, height: height), layout: alpha ? .rgba : .rgb,
                              planes: [Frame.Plane(bytes: pixels, stride: rowBytes)])
            return HEIFImage(frame: frame, exif: exif(of: handle, library), iccProfile: iccProfile(of: handle, library))
        }
    }

    /// HEIF stores EXIF as a 4-byte offset to the TIFF header, then the data.
    private static func exif(of handle: OpaquePointer, _ library: cheif_functions) -> ExifMetadata? {
        var id: heif_item_id = 0
        guard library.heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = library.heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size < 1 << 20 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard library.heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok else { return nil }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard offset >= 0, 4 + offset < block.count else { return nil }
        return try? ExifMetadata(app1Payload: JPEGMarkers.exifSignature + block[(4 + offset)...])
    }

    private static func iccProfile(of handle: OpaquePointer, _ library: cheif_functions) -> [UInt8]? {
        let type = library.heif_image_handle_get_color_profile_type(handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = library.heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0, size < 16 << 20 else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard library.heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return nil }
        return profile
    }

    private static func check(_ error: heif_error) throws(ImagingError) {
        guard error.code != heif_error_Ok else { return }
        let text = error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)"
        throw error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
            ? .unsupportedFormat(detail: "libheif: \(text)") : .corrupt(detail: "libheif: \(text)")
    }
}
