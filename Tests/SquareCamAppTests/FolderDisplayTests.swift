import Foundation
import Testing
@testable import SquareCamApp

/// Folder names as the preferences show them, and where a file chooser opens.
@Suite struct FolderDisplayTests {
    @Test func foldersInTheHomeFolderAreNamedFromIt() {
        #expect(FolderDisplay.name(of: "/home/ana/Photos", home: "/home/ana") == "~/Photos")
        #expect(FolderDisplay.name(of: "/home/ana/Photos/2026/", home: "/home/ana/") == "~/Photos/2026")
        #expect(FolderDisplay.name(of: "/home/ana", home: "/home/ana") == "~")
        // Not inside it: the path as it is (a name sharing the home's prefix too).
        #expect(FolderDisplay.name(of: "/home/anabel/Photos", home: "/home/ana") == "/home/anabel/Photos")
        #expect(FolderDisplay.name(of: "/media/card/DCIM", home: "/home/ana") == "/media/card/DCIM")
        #expect(FolderDisplay.name(of: "/srv/photos", home: nil) == "/srv/photos")
        #expect(FolderDisplay.name(of: "/srv/photos", home: "/") == "/srv/photos")
    }

    @Test func aMissingFolderOpensAtItsNearestExistingParent() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("squarecam-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: base.appendingPathComponent("file").path, contents: Data())
        #expect(FolderDisplay.nearestExisting(base.appendingPathComponent("Pictures").path) == base.appendingPathComponent("Pictures").path)
        #expect(FolderDisplay.nearestExisting(base.appendingPathComponent("Pictures/Camera/2026").path) == base.appendingPathComponent("Pictures").path)
        #expect(FolderDisplay.nearestExisting(base.appendingPathComponent("file/Camera").path) == base.path, "a file is no folder")
        #expect(FolderDisplay.nearestExisting("relative/Camera") == nil)
    }
}
