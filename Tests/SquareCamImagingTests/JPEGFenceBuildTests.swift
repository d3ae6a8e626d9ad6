import Foundation
import Testing

/// Built against another libjpeg-turbo release, our own JPEG C compiles out
/// (cjpeg_private.h's CJPEG_OWN_PATHS) and each file's other half stands in:
/// the library must still define every function cjpeg.h declares, or the
/// Swift above it does not link there. No machine here has another release,
/// so only this test builds that way (a stub once went missing unseen).
@Suite struct JPEGFenceBuildTests {
    @Test func fencedOutTheCStillDefinesEveryDeclaredFunction() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let target = root.appendingPathComponent("Sources/CJPEG")
        let header = try String(contentsOf: target.appendingPathComponent("include/cjpeg.h"), encoding: .utf8)
        // Declarations start a line: a return type, then the name and its "(".
        let declared = Set(header.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^[a-z][\w\s]*[\s*](cjpeg_\w+)\(/) else { return nil }
            return String(match.1)
        })
        #expect(declared.count > 20, "\(declared)")
        let clang = try #require(["/opt/swift/usr/bin/clang", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }
                                 ?? Self.onPath("clang"), "clang (the Swift toolchain's) compiles the C apart")
        let folder = try ScratchFolder()
        let sources = try FileManager.default.contentsOfDirectory(atPath: target.path).filter { $0.hasSuffix(".c") }.sorted()
        var objects: [String] = []
        for source in sources {
            let object = folder.file(source + ".o")
            let status = ScratchFolder.run(clang, ["-c", "-DCJPEG_INTERNALS_RELEASE=2001004", "-Werror=implicit-function-declaration",
                                                  "-I", target.appendingPathComponent("include").path,
                                                  target.appendingPathComponent(source).path, "-o", object])
            #expect(status == 0, "\(source) does not compile with the fast paths fenced out")
            objects.append(object)
        }
        let symbols = try Self.definedSymbols(objects)
        let missing = declared.subtracting(symbols).sorted()
        #expect(missing.isEmpty, "fenced out, these are declared in cjpeg.h and defined nowhere: \(missing)")
    }

    /// The global symbols `objects` define (nm).
    private static func definedSymbols(_ objects: [String]) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(onPath("nm"), "nm (binutils) lists the symbols"))
        process.arguments = ["-g", "--defined-only"] + objects
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Set(output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    private static func onPath(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
