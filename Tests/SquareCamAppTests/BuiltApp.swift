import Foundation
import Testing
import TestThreads

/// The built `squarecam` binary, run as a subprocess: GTK wants the main
/// thread of its own process, which a test process cannot give it.
struct BuiltApp {
    /// The app as users run it.
    static let product = "squarecam"
    /// The same app with scripted cameras, built for the tests only (Tests/ScriptedApp).
    static let scripted = "squarecam-scripted-app"

    /// A program next to the test bundle in the build folder.
    static func executable(_ name: String = product) throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The bundle may sit one level deeper (…/debug/X.xctest/…).
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw AppTestError("the \(name) binary is not next to the tests in \(testBinary.deletingLastPathComponent().path); run `swift build` first")
    }

    /// Runs the binary to completion with extra environment; returns its exit status and output.
    static func run(_ program: String = product, _ arguments: [String], environment extra: [String: String] = [:],
                    timeout: Double = 30) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try executable(program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let (status, outputs) = process.collectOutput(of: [pipe], timeout: timeout)
        guard let status else {
            process.terminate()
            throw AppTestError("squarecam \(arguments) did not finish within \(timeout) s")
        }
        return (status, String(decoding: outputs[0], as: UTF8.self))
    }
}

/// A test precondition or step that failed, with what to do about it.
struct AppTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
