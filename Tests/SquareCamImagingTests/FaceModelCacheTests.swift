import Foundation
import SquareCamCore
import Testing
@testable import SquareCamImaging

/// The face model's cache file: written on first use, read back as the same
/// model, written again when damaged.
@Suite struct FaceModelCacheTests {
    static func astronautFace(_ model: FaceModel?) throws -> DetectedFace? {
        let portrait = try JPEGDecoder.decode(try TestImages.fixture("faces/astronaut.jpg")).frame
        return FaceDetector.faces(in: portrait, model: model).first
    }

    @Test func theFirstLoadWritesTheFileAndTheNextReadsTheSameModel() throws {
        let folder = try ScratchFolder()
        let cacheFolder = folder.path + "/cache/squarecam"
        let path = FaceModelCache.file(inFolder: cacheFolder)
        let unpacked = FaceModelCache.load(folder: cacheFolder)
        let written = try #require(FileManager.default.contents(atPath: path), "no cache file at \(path)")
        #expect((100_000...1_000_000).contains(written.count))
        let read = try #require(FaceModel(plainBytes: Array(written)))
        #expect(read.plainBytes == unpacked?.plainBytes)
        let fromCache = try #require(try Self.astronautFace(FaceModelCache.load(folder: cacheFolder)))
        #expect(fromCache == (try Self.astronautFace(unpacked)))
    }

    @Test func aDamagedFileIsReplaced() throws {
        let folder = try ScratchFolder()
        let path = FaceModelCache.file(inFolder: folder.path)
        let good = try #require(FaceModelCache.shared?.plainBytes)
        // Cut short, and garbage: neither is a model.
        let cutShort = Array(good.prefix(good.count / 2))
        #expect(FaceModel(plainBytes: cutShort) == nil)
        #expect(FaceModel(plainBytes: [UInt8](repeating: 0x5A, count: 4096)) == nil)
        // Such a file is written again whole. Once is enough: load replaces
        // whatever is not a model, and each replacement unpacks dlib's model
        // anew (about a quarter of a second of CPU, more on a busy machine).
        try Data(cutShort).write(to: URL(fileURLWithPath: path))
        let model = FaceModelCache.load(folder: folder.path)
        #expect(try Self.astronautFace(model) != nil)
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == good)
    }

    @Test func theFolderFollowsXDGCacheHome() {
        #expect(FaceModelCache.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/squarecam")
        #expect(FaceModelCache.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/squarecam")
    }
}
