import Foundation
import Testing
@testable import SquareCamImaging
import SquareCamCore

@Suite struct PhotoLibraryTests {
    @Test func defaultsToPicturesCameraInHome() {
        let library = PhotoLibrary.standard(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/nonexistent"])
        #expect(library.folder == "/home/ann/Pictures/Camera")
    }

    @Test func honoursUserDirsFile() throws {
        let config = try ScratchFolder()
        try config.write("user-dirs.dirs", """
            # written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_PICTURES_DIR="$HOME/Bilder"
            """)
        let library = PhotoLibrary.standard(environment: ["HOME": "/home/jo", "XDG_CONFIG_HOME": config.path])
        #expect(library.folder == "/home/jo/Bilder/Camera")
    }

    @Test func videosFolderComesFromItsOwnKey() throws {
        let config = try ScratchFolder()
        try config.write("user-dirs.dirs", """
            XDG_PICTURES_DIR="$HOME/Bilder"
            XDG_VIDEOS_DIR="$HOME/Videos/Filme"
            """)
        #expect(PhotoLibrary.userFolder(.videos, environment: ["HOME": "/home/jo", "XDG_CONFIG_HOME": config.path]) == "/home/jo/Videos/Filme")
        #expect(PhotoLibrary.userFolder(.videos, environment: ["HOME": "/home/jo", "XDG_CONFIG_HOME": "/nonexistent"]) == "/home/jo/Videos")
    }

    @Test func userDirsForms() {
        #expect(UserDirsFile.folder("XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR="/srv/photos""#, home: "/h") == "/srv/photos")
        #expect(UserDirsFile.folder("XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR="$HOME""#, home: "/h") == nil)
        #expect(UserDirsFile.folder("XDG_PICTURES_DIR", in: #"# XDG_PICTURES_DIR="/x""#, home: "/h") == nil)
        #expect(UserDirsFile.folder("XDG_PICTURES_DIR", in: #"XDG_PICTURES_DIR=$HOME/unquoted"#, home: "/h") == nil)
        #expect(UserDirsFile.folder("XDG_PICTURES_DIR", in: "", home: "/h") == nil)
    }

    @Test func explicitVariableWins() {
        let folder = PhotoLibrary.userFolder(.pictures, environment: ["HOME": "/h", "XDG_PICTURES_DIR": "/media/card"])
        #expect(folder == "/media/card")
    }

    @Test func savesIntoACreatedFolderUnderFreshNames() throws {
        let root = try ScratchFolder()
        let library = PhotoLibrary(folder: root.file("Pictures/Camera"))
        let name = { (attempt: Int) in attempt == 1 ? "shot.jpg" : "shot-\(attempt).jpg" }
        let first = try library.save([1, 2, 3], name: name)
        let second = try library.save([4, 5, 6], name: name)
        #expect(first == root.file("Pictures/Camera/shot.jpg"))
        #expect(second == root.file("Pictures/Camera/shot-2.jpg"))
        #expect(FileManager.default.contents(atPath: first) == Data([1, 2, 3]))
    }

    @Test(.enabled(if: ScratchFolder.canMount, "needs root to mount a read-only tmpfs"))
    func readOnlyParentIsATypedError() throws {
        let root = try ScratchFolder()
        try root.mountTmpfs(readOnly: true)
        let library = PhotoLibrary(folder: root.file("Camera"))
        #expect(throws: PhotoWriteError.readOnly(path: root.file("Camera"))) {
            _ = try library.save([1], name: { "x-\($0).jpg" })
        }
    }
}
