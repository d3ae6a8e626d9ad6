import Foundation
import Testing

/// Core and Controller are what every front end shares, the iOS one
/// included: they may import Foundation, the platform's C library and each
/// other, nothing that an iOS app cannot link (GStreamer, libjpeg-turbo,
/// GTK, Glibc-only APIs). Read from the sources, so a new import fails here
/// before it fails an Xcode build nobody runs on Linux.
struct PortableImportsTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every module `target`'s sources import, with the files that import it.
    private func imports(of target: String) throws -> [String: [String]] {
        let folder = Self.root.appendingPathComponent("Sources/\(target)")
        var found: [String: [String]] = [:]
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // The regex is built each time it is evaluated: only on lines that can match.
            for line in text.split(separator: "\n") where line.contains("import") {
                guard let match = line.wholeMatch(of: /\s*(?:@testable\s+|@_implementationOnly\s+)?import\s+(?:(?:struct|enum|class|func)\s+)?([A-Za-z_][A-Za-z0-9_]*).*/) else { continue }
                found[String(match.1), default: []].append(file)
            }
        }
        return found
    }

    @Test(arguments: [("SquareCamCore", [String]()), ("SquareCamController", ["SquareCamCore"]),
                      ("SquareCamAppleLogic", ["SquareCamCore"])] as [(String, [String])])
    func importsNothingPlatformSpecific(target: String, shared: [String]) throws {
        // Glibc and Darwin are each the platform's C library, imported behind
        // canImport; os and Synchronization give LockedValue its lock.
        let allowed = Set(["Foundation", "FoundationEssentials", "Synchronization", "Glibc", "Darwin", "os"] + shared)
        let found = try imports(of: target)
        #expect(!found.isEmpty, "no sources read for \(target)")
        for (module, files) in found where !allowed.contains(module) {
            Issue.record("\(target) imports \(module) (\(files.joined(separator: ", "))): put it behind a protocol the shared code owns")
        }
    }
}
