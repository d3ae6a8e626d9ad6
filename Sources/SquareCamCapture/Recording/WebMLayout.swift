import SquareCamCore

/// Where a WebM (Matroska) file keeps what an interrupted recording leaves
/// unfinished, read from its element headers only: the Segment's and the
/// last Cluster's size fields, the Duration field, and the end of the last
/// whole block. `WebMRepair` turns it into a file every player reads to the end.
///
/// A recording cut off (kill -9, power loss, full disk) ends in a Segment and
/// a Cluster whose sizes are "unknown" (all ones: webmmux writes the real
/// value only when the element closes), a Duration of 0, no Cues, and maybe
/// half a block at the end.
struct WebMLayout: Sendable, Equatable {
    /// A size field: where its bytes are and how many there are.
    struct SizeField: Sendable, Equatable {
        var offset: Int
        var width: Int
    }

    var fileSize: Int
    var segmentSize: SizeField
    var segmentDataStart: Int
    /// False while the Segment's size is "unknown" or larger than the file.
    var segmentSizeIsTrue: Bool
    /// Nanoseconds per timecode tick (Info's TimecodeScale; 1 ms by default).
    var timecodeScale: UInt64 = 1_000_000
    /// The Duration float's bytes (4 or 8), when Info has one.
    var durationField: SizeField?
    var declaredDuration: Double?
    var tracks: [UInt64: TrackKind] = [:]
    /// The video track's picture size, from its Video element.
    var pictureSize: PixelSize?
    /// The last cluster that has a block, and whether its size field is true.
    var lastCluster: (size: SizeField, dataStart: Int, sizeIsTrue: Bool)?
    /// Where the last whole element (or, in a cut cluster, block) ends:
    /// everything after it is a fragment.
    var wholeEnd: Int
    /// Blocks per kind of track, and the latest block time in ticks.
    var videoBlocks = 0
    var audioBlocks = 0
    var lastBlockTicks: Int64 = 0
    var firstBlockTicks: Int64?
    var hasCues = false
    /// A SeekHead that points at elements with the placeholder position
    /// webmmux fills in only when it finishes (all ones): where it starts,
    /// its size field and the size of its data.
    var unfinishedSeekHead: (start: Int, size: SizeField, dataSize: Int)?

    enum TrackKind: Sendable, Equatable { case video, audio, other }

    static func == (lhs: WebMLayout, rhs: WebMLayout) -> Bool {
        lhs.wholeEnd == rhs.wholeEnd && lhs.fileSize == rhs.fileSize && lhs.videoBlocks == rhs.videoBlocks
            && lhs.audioBlocks == rhs.audioBlocks && lhs.lastBlockTicks == rhs.lastBlockTicks
    }

    /// Whether the file needs a repair to play to its end with a duration.
    var isUnfinished: Bool {
        !segmentSizeIsTrue || !(lastCluster?.sizeIsTrue ?? true) || wholeEnd < fileSize
            || (durationField != nil && (declaredDuration ?? 0) <= 0) || unfinishedSeekHead != nil
    }

    /// Seconds of picture and sound from the first block to the last.
    var blockSpanSeconds: Double {
        Double(lastBlockTicks - (firstBlockTicks ?? lastBlockTicks)) * Double(timecodeScale) / 1e9
    }
}

extension WebMLayout {
    /// Element IDs, with their length markers, as the Matroska spec writes them.
    enum ID {
        static let ebml: UInt32 = 0x1A45_DFA3
        static let segment: UInt32 = 0x1853_8067
        static let info: UInt32 = 0x1549_A966
        static let timecodeScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackNumber: UInt32 = 0xD7
        static let trackType: UInt32 = 0x83
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let cluster: UInt32 = 0x1F43_B675
        static let clusterTimecode: UInt32 = 0xE7
        static let simpleBlock: UInt32 = 0xA3
        static let blockGroup: UInt32 = 0xA0
        static let block: UInt32 = 0xA1
        static let cues: UInt32 = 0x1C53_BB6B
        static let seekHead: UInt32 = 0x114D_9B74
        static let seek: UInt32 = 0x4DBB
        static let seekPosition: UInt32 = 0x53AC
        /// EBML's filler: readers skip it.
        static let void: UInt8 = 0xEC
        /// Level-1 elements: meeting one inside a cluster of unknown size ends that cluster.
        static let topLevel: Set<UInt32> = [cluster, cues, info, tracks, 0x1254_C367, 0x114D_9B74, 0x1941_A469, 0x1043_A770]
    }

    /// Whether the file is empty or holds the first bytes of an EBML header
    /// and no more: what a recording cut off before its first frame leaves.
    static func isStartOfHeader(_ file: FileWindow) -> Bool {
        let magic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
        guard file.size < 4096 else { return false }
        return (0..<min(4, file.size)).allSatisfy { file.byte(at: $0) == magic[$0] }
    }

    /// Reads the layout of the WebM file open at `descriptor`; nil when it
    /// is not one (no EBML header and Segment at its start).
    static func read(_ file: FileWindow) -> WebMLayout? {
        guard let header = file.element(at: 0), header.id == ID.ebml, let headerEnd = header.end,
              let segment = file.element(at: headerEnd), segment.id == ID.segment else { return nil }
        let segmentEnd = segment.end.map { min($0, file.size) } ?? file.size
        var layout = WebMLayout(
            fileSize: file.size, segmentSize: segment.sizeField, segmentDataStart: segment.dataStart,
            segmentSizeIsTrue: segment.end.map { $0 <= file.size } ?? false, wholeEnd: segment.dataStart)
        var position = segment.dataStart
        while position < segmentEnd, let element = file.element(at: position) {
            if element.id == ID.cluster {
                guard let next = layout.readCluster(element, in: file, segmentEnd: segmentEnd) else { break }
                position = next
                continue
            }
            // Anything else must be whole to count; a cut one ends the file.
            guard let end = element.end, end <= file.size else { break }
            switch element.id {
            case ID.info: layout.readInfo(element, in: file)
            case ID.tracks: layout.readTracks(element, in: file)
            case ID.cues: layout.hasCues = true
            case ID.seekHead where layout.hasPlaceholderPosition(element, in: file):
                layout.unfinishedSeekHead = (position, element.sizeField, end - element.dataStart)
            default: break
            }
            layout.wholeEnd = end
            position = end
        }
        return layout
    }

    /// Counts a cluster's whole blocks; returns where the next level-1
    /// element starts, or nil when the file ends in this cluster.
    private mutating func readCluster(_ cluster: FileWindow.Element, in file: FileWindow, segmentEnd: Int) -> Int? {
        // A size past the end of the file is a cluster cut off as surely as an unknown one.
        let declaredEnd = cluster.end.flatMap { $0 <= file.size ? $0 : nil }
        let end = declaredEnd ?? segmentEnd
        var clusterTicks: Int64 = 0
        var blocks = 0
        var position = cluster.dataStart
        var reachedNextElement = false
        while position < end, let child = file.element(at: position) {
            if declaredEnd == nil, ID.topLevel.contains(child.id) {
                reachedNextElement = true
                break
            }
            guard let childEnd = child.end, childEnd <= end else { break }
            switch child.id {
            case ID.clusterTimecode:
                clusterTicks = Int64(bitPattern: file.unsigned(at: child.dataStart, count: childEnd - child.dataStart))
            case ID.simpleBlock:
                countBlock(at: child.dataStart, clusterTicks: clusterTicks, in: file)
                blocks += 1
            case ID.blockGroup:
                if let block = file.children(of: child).first(where: { $0.id == ID.block }) {
                    countBlock(at: block.dataStart, clusterTicks: clusterTicks, in: file)
                    blocks += 1
                }
            default: break
            }
            position = childEnd
        }
        if let declaredEnd, position == declaredEnd {
            // A closed cluster: whole, its size true.
            if blocks > 0 { lastCluster = (cluster.sizeField, cluster.dataStart, true) }
            wholeEnd = declaredEnd
            return declaredEnd
        }
        // Open or cut: it ends after its last whole child. One without a
        // block is dropped (wholeEnd stays before it).
        if blocks > 0 {
            lastCluster = (cluster.sizeField, cluster.dataStart, false)
            wholeEnd = position
        }
        return reachedNextElement ? position : nil
    }

    private mutating func countBlock(at offset: Int, clusterTicks: Int64, in file: FileWindow) {
        guard let (track, trackWidth) = file.vint(at: offset) else { return }
        let relative = Int64(Int16(bitPattern: UInt16(truncatingIfNeeded: file.unsigned(at: offset + trackWidth, count: 2))))
        let ticks = clusterTicks + relative
        switch tracks[track] ?? .other {
        case .video: videoBlocks += 1
        case .audio: audioBlocks += 1
        case .other: break
        }
        lastBlockTicks = max(lastBlockTicks, ticks)
        firstBlockTicks = min(firstBlockTicks ?? ticks, ticks)
    }

    private mutating func readInfo(_ info: FileWindow.Element, in file: FileWindow) {
        for child in file.children(of: info) {
            guard let end = child.end else { continue }
            let width = end - child.dataStart
            switch child.id {
            case ID.timecodeScale:
                let scale = file.unsigned(at: child.dataStart, count: width)
                if scale > 0 { timecodeScale = scale }
            case ID.duration where width == 4 || width == 8:
                durationField = SizeField(offset: child.dataStart, width: width)
                let bits = file.unsigned(at: child.dataStart, count: width)
                declaredDuration = width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            default: break
            }
        }
    }

    private func hasPlaceholderPosition(_ seekHead: FileWindow.Element, in file: FileWindow) -> Bool {
        file.children(of: seekHead).contains { seek in
            seek.id == ID.seek && file.children(of: seek).contains { field in
                guard field.id == ID.seekPosition, let end = field.end else { return false }
                let width = end - field.dataStart
                return width > 0 && width <= 8 && file.unsigned(at: field.dataStart, count: width) == UInt64.max >> (64 - 8 * width)
            }
        }
    }

    private mutating func readPictureSize(_ video: FileWindow.Element, in file: FileWindow) {
        var width = 0
        var height = 0
        for field in file.children(of: video) {
            guard let end = field.end else { continue }
            let value = Int(truncatingIfNeeded: file.unsigned(at: field.dataStart, count: end - field.dataStart))
            if field.id == ID.pixelWidth { width = value }
            if field.id == ID.pixelHeight { height = value }
        }
        if width > 0, height > 0 { pictureSize = PixelSize(width: width, height: height) }
    }

    private mutating func readTracks(_ element: FileWindow.Element, in file: FileWindow) {
        for entry in file.children(of: element) where entry.id == ID.trackEntry {
            var number: UInt64?
            var kind = TrackKind.other
            for field in file.children(of: entry) {
                guard let end = field.end else { continue }
                let value = file.unsigned(at: field.dataStart, count: end - field.dataStart)
                if field.id == ID.trackNumber { number = value }
                // Matroska's TrackType: 1 video, 2 audio.
                if field.id == ID.trackType { kind = value == 1 ? .video : (value == 2 ? .audio : .other) }
                if field.id == ID.video { readPictureSize(field, in: file) }
            }
            if let number { tracks[number] = kind }
        }
    }
}
