import Foundation
import TestThreads

/// Runs the built `squarecam` binary, as a user would, and collects what it printed.
struct CLIRunner {
    struct Result {
        let status: Int32
        let output: String
        /// Standard output as bytes (a photo written with `-o -`).
        let outputBytes: Data
        let error: String
        let timedOut: Bool
    }

    /// The binary sits next to the test bundle in the build folder.
    static let binary: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent("squarecam").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return "squarecam"
    }()

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The photos the tests read (Tests/Fixtures/SOURCES.md says where they came from).
    static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures") }

    /// Runs `squarecam ARGUMENTS` (or another `program`) in `workingDirectory`
    /// (the tests' own when nil), killing it after `timeout` seconds. `input`
    /// is written to its standard input (otherwise /dev/null); the variables
    /// named in `unset` are taken out of its environment.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60, program: String = binary,
        workingDirectory: String? = nil, input: Data? = nil, unset: [String] = []
    ) throws -> Result {
        try start(arguments, environment: environment, program: program, workingDirectory: workingDirectory,
                  input: input, unset: unset).wait(timeout: timeout)
    }

    /// A command started in the background, to be signalled and then waited for.
    // @unchecked: `status` and the two buffers are written by the collector before `collected` is left, and read after.
    final class Running: @unchecked Sendable {
        let process = Process()
        fileprivate let collected = DispatchGroup()
        fileprivate var status: Int32 = 0
        fileprivate var outData = Data()
        fileprivate var errData = Data()

        var pid: Int32 { process.processIdentifier }

        func signal(_ number: Int32) { kill(process.processIdentifier, number) }

        /// Waits for it to end (killing it after `timeout` seconds) and collects what it printed.
        func wait(timeout: TimeInterval = 60) -> Result {
            let timedOut = collected.wait(timeout: .now() + timeout) == .timedOut
            if timedOut {
                process.interrupt()
                kill(process.processIdentifier, SIGKILL)
                collected.wait()
            }
            return Result(
                status: status,
                output: String(decoding: outData, as: UTF8.self),
                outputBytes: outData,
                error: String(decoding: errData, as: UTF8.self),
                timedOut: timedOut
            )
        }
    }

    /// Starts `squarecam ARGUMENTS` as `run` does, without waiting for it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], program: String = binary,
        workingDirectory: String? = nil, input: Data? = nil, unset: [String] = []
    ) throws -> Running {
        let running = Running()
        let process = running.process
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env.merge(environment) { _, new in new }
        for name in unset { env[name] = nil }
        process.environment = env
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice

        try process.run()
        // Read while it runs so a full pipe cannot stall the child.
        DispatchQueue.global().async(group: running.collected) {
            let (status, outputs) = process.collectOutput(of: [output, error])
            running.status = status!
            running.outData = outputs[0]
            running.errData = outputs[1]
        }
        if let inputPipe, let input {
            // A program that exits without reading all of it must not take this process down with it.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        return running
    }

    /// What a helper tool (ImageMagick, exiftool…) prints on standard output.
    static func output(of tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        return String(decoding: process.collectOutput(of: [pipe]).outputs[0], as: UTF8.self)
    }
}
