import Foundation
import Testing

/// The packages that build the main package's sources a second time, through
/// symlinks (fuzz/ for the libFuzzer targets, apps/ios/typecheck for the iOS
/// shell), must have every target those sources import: CI's fuzz stage once
/// failed with "no such module 'CFaces'" after Imaging gained a dependency
/// the fuzz package did not have. Read from the manifests, so it fails here.
struct SecondPackagesTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The dependencies the main manifest gives `target` (its `.target(name: "…", dependencies: [...])`,
    /// comment lines allowed between); none for a target declared without any (the C wrappers).
    private func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex("name: \"\(target)\",(?:\\s*//[^\\n]*)*\\s*dependencies: \\[([^\\]]*)\\]")
        guard let match = manifest.firstMatch(of: pattern) else { return [] }
        let list = try #require(match.output[1].substring)
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    /// Every module target `package` declares (`.target`/`.systemLibrary(name: "…"`).
    private func declaredTargets(in package: String) throws -> Set<String> {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent(package), encoding: .utf8)
        return Set(manifest.matches(of: /\.(?:target|systemLibrary)\(name: "([A-Za-z0-9_]+)"/).map { String($0.output.1) })
    }

    @Test(arguments: [
        ("fuzz/Package.swift", "fuzz/Sources", ["SquareCamImaging"]),
        ("apps/ios/typecheck/Package.swift", "apps/ios/typecheck/Sources", ["SquareCamController", "SquareCamAppleLogic"]),
    ])
    func everyImportedTargetIsThere(package: String, sources: String, builds: [String]) throws {
        let declared = try declaredTargets(in: package)
        var needed = Set(builds)
        var queue = builds
        while let target = queue.popLast() {
            for dependency in try dependencies(of: target) where needed.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        for target in needed.sorted() {
            #expect(declared.contains(target), "\(package) lacks the target \(target), which \(builds.joined(separator: ", ")) needs")
            let link = Self.root.appendingPathComponent("\(sources)/\(target)").path
            #expect(FileManager.default.fileExists(atPath: link), "\(sources)/\(target) is missing (a symlink to Sources/\(target))")
        }
    }
}
