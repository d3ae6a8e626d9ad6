/// A picture in coarse blocks, each by its mean brightness and its texture
/// (the mean step between neighbouring pixels): enough to tell whether
/// anything a reader could find in it (a code held up, a face come in) has
/// changed since another picture, and cheap (one pass over the pixels, a
/// thousand numbers kept).
public struct SceneSignature: Sendable, Equatable {
    /// Blocks across and down, whatever the picture's shape: in a 960x540
    /// analysis frame a block is 40x23 px, smaller than the smallest code
    /// that reads there (about 65 px), so a code coming or going covers at
    /// least one block whole.
    static let blocksPerSide = 24
    /// Levels (of 255) a block's mean or texture must move for the scene to
    /// count as changed. A code's modules over a block move its texture by
    /// tens of levels (black beside white every few pixels), whatever the
    /// brightness behind it; a webcam's noise, a few levels per pixel, moves
    /// a block's figures by less than one. Even the random noise in a corner
    /// of GStreamer's SMPTE test pattern, in the analysis frame, moves them by 5 at most.
    static let changedLevels = 8

    private let means: [UInt8]
    private let textures: [UInt8]

    /// The signature of `frame`'s luma (gray; I420's Y plane; RGB and RGBA
    /// by their green); nil for a picture smaller than the grid.
    public init?(_ frame: Frame) {
        let width = frame.size.width, height = frame.size.height
        let blocks = Self.blocksPerSide
        guard width >= blocks, height >= blocks, let plane = frame.planes.first else { return nil }
        let step = frame.layout.bytesPerPixel
        let offset = step >= 3 ? 1 : 0
        var sums = [UInt32](repeating: 0, count: blocks * blocks)
        var steps = [UInt32](repeating: 0, count: blocks * blocks)
        var counts = [UInt32](repeating: 0, count: blocks * blocks)
        // Block edges along a row, computed once.
        let columnEnds = (1...blocks).map { $0 * width / blocks }
        plane.bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<height {
                let first = row * blocks / height * blocks
                var column = 0
                var at = row * plane.stride + offset
                var previous = Int32(bytes[at])
                for block in 0..<blocks {
                    var sum: UInt32 = 0, texture: UInt32 = 0
                    let start = column
                    while column < columnEnds[block] {
                        let value = Int32(bytes[at])
                        sum &+= UInt32(value)
                        texture &+= UInt32(abs(value - previous))
                        previous = value
                        at += step
                        column += 1
                    }
                    sums[first + block] &+= sum
                    steps[first + block] &+= texture
                    counts[first + block] &+= UInt32(column - start)
                }
            }
        }
        means = zip(sums, counts).map { UInt8($0 / $1) }
        textures = zip(steps, counts).map { UInt8($0 / $1) }
    }

    /// Whether any block's mean or texture moved by `changedLevels` or more.
    public func differs(from other: SceneSignature) -> Bool {
        func moved(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            zip(a, b).contains { abs(Int($0) - Int($1)) >= Self.changedLevels }
        }
        return moved(means, other.means) || moved(textures, other.textures)
    }
}

/// Which looks a reader of still pictures (the QR code reader) can skip:
/// looking again at a scene that has not changed since a look that found
/// nothing finds nothing again (the reader gives the same answer for the
/// same picture), so such a look is skipped, for up to `longestSkip` after
/// the last look made. A scene that changes is looked at as before; so is
/// one where the last look found something, so that it is seen to go.
///
/// A camera on a desk facing a still room thus costs a look every two
/// seconds instead of two a second; the longest skip bounds what a change
/// too small for the signature (a code slowly coming into focus) waits.
public struct UnchangedSceneSkipping: Sendable {
    public static let longestSkip: Duration = .seconds(2)

    private var lastLook: (signature: SceneSignature?, at: ContinuousClock.Instant, found: Bool)?
    /// Looks allowed and looks skipped so far (the app's statistics print them).
    public private(set) var made = 0, skipped = 0

    public init() {}

    /// Whether to look at a picture with `signature` (nil: unknown, always
    /// looked at) at `now`. When it says yes it counts as a look that found
    /// nothing until `lookFound()` says otherwise.
    public mutating func shouldLook(at signature: SceneSignature?, now: ContinuousClock.Instant) -> Bool {
        if let lastLook, !lastLook.found, now - lastLook.at < Self.longestSkip,
           let signature, let seen = lastLook.signature, !signature.differs(from: seen) {
            skipped += 1
            return false
        }
        lastLook = (signature, now, false)
        made += 1
        return true
    }

    /// The look just allowed found something.
    public mutating func lookFound() {
        lastLook?.found = true
    }
}
