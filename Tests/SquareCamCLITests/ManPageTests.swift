import Foundation
import SquareCamCommandLine
import Testing
import TestThreads

/// The man pages `make install` puts in place (and `make deb` packages):
/// made by help2man from this build's --help into a temporary DESTDIR, and
/// read as `man` shows them.
@Suite(.ownThreads) struct ManPageTests {
    /// Installs the pages from this build under `root` with PREFIX=/usr.
    static func install(into root: String, scratch: String) throws -> CLIRunner.Result {
        try make(["install-man", "BIN=\(CLIRunner.binary)", "MAN_BUILD=\(scratch)", "DESTDIR=\(root)", "PREFIX=/usr"])
    }

    static func make(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["--no-print-directory", "-C", CLIRunner.packageRoot.path] + arguments, program: "/usr/bin/make")
    }

    /// `page` as `man -l` prints it in a UTF-8 locale, wide enough that no line breaks.
    static func rendered(_ page: String) throws -> String {
        let result = try CLIRunner.run(["-l", page], environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "250", "MANPAGER": "cat"],
                                       program: "/usr/bin/man")
        #expect(result.status == 0, "man -l \(page): \(result.error)")
        return result.output
    }

    static let pages = ["squarecam.1"] + CommandSpec.all.map { "squarecam-\($0.name).1" }

    @Test func installsAPageForTheLauncherAndEachCommand() throws {
        let folder = try TemporaryFolder()
        let result = try Self.install(into: folder.path + "/root", scratch: folder.path + "/man")
        #expect(result.status == 0, "make install-man: \(result.error) (help2man missing? run scripts/install-deps.sh)")
        let man1 = folder.path + "/root/usr/share/man/man1"
        #expect(try FileManager.default.contentsOfDirectory(atPath: man1).sorted() == Self.pages.sorted())
        // uninstall knows the same pages (its list is written out in the Makefile).
        let removed = try Self.make(["uninstall", "DESTDIR=\(folder.path)/root", "PREFIX=/usr"])
        #expect(removed.status == 0, "make uninstall: \(removed.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: man1) == [])
    }

    /// help2man reads --help in the C locale unless told: "1–100" became "1???100".
    @Test func keepsTheHelpsUnicode() throws {
        let folder = try TemporaryFolder()
        let result = try Self.install(into: folder.path + "/root", scratch: folder.path + "/man")
        #expect(result.status == 0, "make install-man: \(result.error)")
        let crop = try Self.rendered(folder.path + "/root/usr/share/man/man1/squarecam-crop.1")
        #expect(crop.contains("JPEG quality 1–100"), "\(crop)")
        #expect(crop.contains("1080×1080 squares"))
        #expect(!crop.contains("?"), "a character lost on the way: \(crop)")
    }

    /// FILES names the programs where make install puts them: the launcher
    /// in bin, the three programs in libexec/squarecam, each page the one that
    /// runs its command.
    @Test func filesNameTheInstalledPrograms() throws {
        let folder = try TemporaryFolder()
        let result = try Self.install(into: folder.path + "/root", scratch: folder.path + "/man")
        #expect(result.status == 0, "make install-man: \(result.error)")
        let man1 = folder.path + "/root/usr/share/man/man1/"
        let top = try Self.rendered(man1 + "squarecam.1")
        for path in ["/usr/bin/squarecam", "/usr/libexec/squarecam/squarecam-crop",
                     "/usr/libexec/squarecam/squarecam-gst", "/usr/libexec/squarecam/squarecam-app"] {
            #expect(top.contains(path), "squarecam.1 lacks \(path): \(top)")
        }
        for (command, program) in [("shoot", "squarecam-gst"), ("scan", "squarecam-gst"), ("devices", "squarecam-gst"), ("crop", "squarecam-crop")] {
            let page = try Self.rendered(man1 + "squarecam-\(command).1")
            #expect(page.contains("/usr/libexec/squarecam/\(program)"), "squarecam-\(command).1: \(page)")
            #expect(page.contains("/usr/bin/squarecam"))
        }
    }
}
