import FoundationEssentials
import SquareCamCore
import SquareCamImaging

/// The names `shoot` saves under in a folder. One photo is named as the
/// app names its photos (`SquareCam_20261202_101500.jpg`, "-2" when that is
/// taken). A series (`--count N`, N > 1) is named after its first photo's
/// time with zero-padded numbers (`…_001.jpg` to `…_030.jpg`), which sort in
/// the order the photos were taken; a number already taken (another series
/// in the same second) is skipped, and later photos go on after it, so the
/// order holds and nothing is replaced.
struct ShootNaming {
    let count: Int
    private var seriesStart: Date?
    private var nextNumber = 1

    init(count: Int) {
        self.count = count
    }

    /// Saves `jpeg` into `library` under the next name; returns its path.
    mutating func save(_ jpeg: [UInt8], into library: PhotoLibrary, takenAt date: Date) throws(PhotoWriteError) -> String {
        let names = PhotoFileName()
        guard count > 1 else {
            return try library.save(jpeg) { names.name(for: date, sequence: $0) }
        }
        let start = seriesStart ?? date
        seriesStart = start
        let digits = PhotoFileName.seriesDigits(forCount: count)
        let first = nextNumber
        var used = first
        let path = try library.save(jpeg) { attempt in
            used = first + attempt - 1
            return names.name(for: start, seriesNumber: used, digits: digits)
        }
        nextNumber = used + 1
        return path
    }
}
