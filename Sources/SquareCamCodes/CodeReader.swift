import CZbar
import SquareCamCore
import Synchronization

/// Reads QR codes in pictures with zbar. Every zbar call is in this file.
///
/// Anywhere in the picture, not only in the square: a code may be held
/// beside the subject. zbar finds codes turned by any angle, and mirrored
/// ones too (a front camera filming a code sends its mirror image): zbar
/// 0.23.92 read 60 of 60 mirrored codes, turned from 0 to 330°, in one pass,
/// so no second, mirrored pass is made — it would double the cost of every
/// frame without a code, the usual frame while scanning.
public final class CodeReader: @unchecked Sendable {
    // @unchecked: zbar's scanner keeps state from one picture to the next and
    // is not safe to use from two threads at once; `scanning` serialises it.
    private let zbar: czbar_functions
    private let scanner: OpaquePointer
    private let scanning = Mutex(())

    /// A reader of QR codes only: every other symbology zbar knows is off,
    /// so a barcode-like stripe in a photo is never read as one. Throws when
    /// zbar (libzbar0, opened now for the first reader) cannot be loaded.
    public init() throws(CodeReaderUnavailable) {
        guard let zbar = czbar_library()?.pointee else {
            throw CodeReaderUnavailable(reason: String(cString: czbar_load_error()))
        }
        // zbar_image_scanner_create only fails when malloc does.
        guard let scanner = zbar.zbar_image_scanner_create() else { fatalError("zbar could not make a scanner: out of memory") }
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        self.zbar = zbar
        self.scanner = scanner
    }

    deinit { zbar.zbar_image_scanner_destroy(scanner) }

    /// The codes in `frame` (any layout; gray and I420 are read without
    /// conversion), with corners in `frame`'s pixels. Empty when there is none.
    public func codes(in frame: Frame) -> [ReadCode] {
        guard frame.size.width > 0, frame.size.height > 0 else { return [] }
        return scan(LumaPlane(frame))
    }

    private func scan(_ luma: LumaPlane) -> [ReadCode] {
        scanning.withLock { _ in
            guard let image = zbar.zbar_image_create() else { return [] }
            defer { zbar.zbar_image_destroy(image) }
            zbar.zbar_image_set_format(image, czbar_gray_format())
            zbar.zbar_image_set_size(image, UInt32(luma.size.width), UInt32(luma.size.height))
            return luma.bytes.withUnsafeBytes { bytes -> [ReadCode] in
                // No cleanup handler: the bytes are ours, and valid until this closure returns,
                // by which time the symbols (which zbar keeps in the image) have been read.
                zbar.zbar_image_set_data(image, bytes.baseAddress, UInt(bytes.count), nil)
                guard zbar.zbar_scan_image(scanner, image) > 0 else { return [] }
                var codes: [ReadCode] = []
                var symbol = zbar.zbar_image_first_symbol(image)
                while let current = symbol {
                    codes.append(readCode(current))
                    symbol = zbar.zbar_symbol_next(current)
                }
                return codes
            }
        }
    }

    private func readCode(_ symbol: OpaquePointer) -> ReadCode {
        let length = Int(zbar.zbar_symbol_get_data_length(symbol))
        let text = zbar.zbar_symbol_get_data(symbol).map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self)
        } ?? ""
        let format = zbar.zbar_get_symbol_name(zbar.zbar_symbol_get_type(symbol)).map { String(cString: $0) } ?? "unknown"
        let corners = (0..<zbar.zbar_symbol_get_loc_size(symbol)).map { index in
            PixelPoint(x: Int(zbar.zbar_symbol_get_loc_x(symbol, index)), y: Int(zbar.zbar_symbol_get_loc_y(symbol, index)))
        }
        return ReadCode(text: text, format: format, corners: corners)
    }
}

/// zbar could not be loaded (libzbar0 missing or too old).
public struct CodeReaderUnavailable: Error, CustomStringConvertible {
    public let reason: String

    public var description: String {
        "QR codes cannot be read: zbar did not load (\(reason)). Install libzbar0 (scripts/install-deps.sh)."
    }
}
