#if canImport(Glibc)
import Glibc
#endif
import SquareCamImaging
import SquareCamCore

/// Finishes, in place, a WebM file whose writing was cut off: drops the
/// fragment after its last whole block, writes the true sizes of its Segment
/// and last Cluster and its Duration, and turns a SeekHead whose positions
/// were never filled in into filler. In place, because the disk that cut
/// the recording may be full: a repaired copy might not fit.
///
/// The result has no Cues (the index): players read it to the end and seek
/// by scanning, as they do any live WebM stream.
enum WebMRepair {
    /// Why a file could not be repaired.
    enum Problem: Error, Equatable {
        /// Not WebM at all (not written by a recording).
        case notWebM
        /// Cut off before its first frame: nothing to keep.
        case empty
        case io(PhotoWriteError)
    }

    /// Repairs the file open for reading and writing at `descriptor` (named
    /// `path` in errors) when it needs it; returns its layout afterwards and
    /// whether it was repaired.
    static func repair(descriptor: Int32, path: String) throws(Problem) -> (layout: WebMLayout, repaired: Bool) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .io(PhotoWriteError(errno: errno, path: path)) }
        let file = FileWindow(descriptor: descriptor, size: Int(status.st_size))
        guard let layout = WebMLayout.read(file) else {
            // Cut off before the muxer wrote its headers: nothing recorded yet.
            throw WebMLayout.isStartOfHeader(file) ? .empty : .notWebM
        }
        guard layout.videoBlocks + layout.audioBlocks > 0 else { throw .empty }
        guard layout.isUnfinished else { return (layout, false) }
        let end = layout.wholeEnd
        if end < layout.fileSize, ftruncate(descriptor, off_t(end)) != 0 {
            throw .io(PhotoWriteError(errno: errno, path: path))
        }
        if let cluster = layout.lastCluster, !cluster.sizeIsTrue {
            try write(size: end - cluster.dataStart, into: cluster.size, descriptor: descriptor, path: path)
        }
        try write(size: end - layout.segmentDataStart, into: layout.segmentSize, descriptor: descriptor, path: path)
        if let field = layout.durationField, (layout.declaredDuration ?? 0) <= 0 {
            // At least a tick: a file cut after its first frames holds only blocks at 0.
            let ticks = Double(max(layout.lastBlockTicks, 1))
            let bytes = field.width == 8 ? bigEndian(ticks.bitPattern, width: 8) : bigEndian(UInt64(Float(ticks).bitPattern), width: 4)
            try write(bytes, at: field.offset, descriptor: descriptor, path: path)
        }
        if let seekHead = layout.unfinishedSeekHead {
            try voidElement(at: seekHead.start, size: seekHead.size, dataSize: seekHead.dataSize, descriptor: descriptor, path: path)
        }
        guard fsync(descriptor) == 0 else { throw .io(PhotoWriteError(errno: errno, path: path)) }
        let repaired = WebMLayout.read(FileWindow(descriptor: descriptor, size: end))
        guard let repaired, !repaired.isUnfinished else { throw .notWebM }
        return (repaired, true)
    }

    /// An EBML size `value` in a field of the width the file already gives it.
    private static func write(size value: Int, into field: WebMLayout.SizeField, descriptor: Int32, path: String) throws(Problem) {
        let valueBits = UInt64(7 * field.width)
        // All ones means "unknown": the largest value a width can say is one less.
        guard UInt64(value) < (UInt64(1) << valueBits) - 1 else { throw .notWebM }
        let encoded = UInt64(1) << valueBits | UInt64(value)
        try write(bigEndian(encoded, width: field.width), at: field.offset, descriptor: descriptor, path: path)
    }

    /// Rewrites the element with a 4-byte ID at `start` as a Void element
    /// of the same length: a one-byte ID, a size field as wide as before,
    /// and three more bytes of (unread) data. Players skip it: a SeekHead
    /// pointing nowhere made them warn, and a player that trusts it would seek past the end.
    private static func voidElement(at start: Int, size: WebMLayout.SizeField, dataSize: Int, descriptor: Int32, path: String) throws(Problem) {
        try write([WebMLayout.ID.void], at: start, descriptor: descriptor, path: path)
        try write(size: dataSize + 3, into: WebMLayout.SizeField(offset: start + 1, width: size.width), descriptor: descriptor, path: path)
    }

    private static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - $0))) }
    }

    private static func write(_ bytes: [UInt8], at offset: Int, descriptor: Int32, path: String) throws(Problem) {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else { throw .io(PhotoWriteError(errno: written < 0 ? errno : EIO, path: path)) }
    }
}
