#if canImport(Glibc)
import Glibc
#endif

/// Reads a file's bytes through a small window (one `pread` per 64 KiB), for
/// walking EBML element headers front to back without reading the blocks
/// between them. Every read of a recording's bytes is here.
final class FileWindow {
    /// An EBML element's header: its ID (length marker kept, as the spec
    /// writes IDs), where its size field and data are, and its end (nil when
    /// the size is "unknown").
    struct Element {
        var id: UInt32
        var sizeField: WebMLayout.SizeField
        var dataStart: Int
        var end: Int?
    }

    let size: Int
    private let descriptor: Int32
    private var window: [UInt8] = []
    private var windowStart = 0
    private static let windowSize = 65_536

    /// A window on the file open at `descriptor` (not closed here), `size` bytes long.
    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// The byte at `offset`; nil past the end of the file or on a read error.
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < size else { return nil }
        if offset < windowStart || offset >= windowStart + window.count {
            refill(at: offset)
        }
        let index = offset - windowStart
        return index < window.count ? window[index] : nil
    }

    private func refill(at offset: Int) {
        window = [UInt8](repeating: 0, count: min(Self.windowSize, size - offset))
        let count = window.withUnsafeMutableBytes { buffer -> Int in
            var total = 0
            while total < buffer.count {
                let got = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                total += got
            }
            return total
        }
        window.removeSubrange(count...)
        windowStart = offset
    }

    /// A big-endian unsigned integer of `count` (≤ 8) bytes; 0 where bytes are missing.
    func unsigned(at offset: Int, count: Int) -> UInt64 {
        guard count > 0, count <= 8 else { return 0 }
        var value: UInt64 = 0
        for index in 0..<count {
            value = value << 8 | UInt64(byte(at: offset + index) ?? 0)
        }
        return value
    }

    /// A variable-length integer (EBML's: the leading zeros give its width),
    /// without its marker bit, and its width; nil when unreadable. A value of
    /// all ones is returned as `UInt64.max` ("unknown").
    func vint(at offset: Int) -> (value: UInt64, width: Int)? {
        guard let first = byte(at: offset), first != 0 else { return nil }
        let width = first.leadingZeroBitCount + 1
        guard offset + width <= size else { return nil }
        let marker = UInt64(1) << UInt64(7 * width)
        let value = unsigned(at: offset, count: width) & (marker - 1)
        return (value == marker - 1 ? .max : value, width)
    }

    /// The element whose header starts at `offset`; nil when the header is cut or not EBML.
    func element(at offset: Int) -> Element? {
        guard let first = byte(at: offset), first != 0 else { return nil }
        let idWidth = first.leadingZeroBitCount + 1
        guard idWidth <= 4, offset + idWidth <= size, let (length, sizeWidth) = vint(at: offset + idWidth) else { return nil }
        let id = UInt32(unsigned(at: offset, count: idWidth))
        let dataStart = offset + idWidth + sizeWidth
        let end = length == .max || length > UInt64(Int.max - dataStart) ? nil : dataStart + Int(length)
        return Element(id: id, sizeField: WebMLayout.SizeField(offset: offset + idWidth, width: sizeWidth),
                       dataStart: dataStart, end: end)
    }

    /// The whole children of an element of known size that lies inside the file.
    func children(of parent: Element) -> [Element] {
        guard let parentEnd = parent.end, parentEnd <= size else { return [] }
        var found: [Element] = []
        var position = parent.dataStart
        while position < parentEnd, let child = element(at: position), let end = child.end, end <= parentEnd {
            found.append(child)
            position = end
        }
        return found
    }
}
