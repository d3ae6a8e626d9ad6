import Foundation
import TestThreads
import Testing
@testable import SquareCamImaging

/// Whether a crop may take a second thread: only while other programs leave cores idle.
@Suite struct IdleCoresTests {
    @Test func theRunnableCountIsTheFourthFieldOfTheLoadAverage() {
        #expect(IdleCores.runnable(inLoadAverage: "0.52 0.61 0.70 2/431 12345\n") == 2)
        #expect(IdleCores.runnable(inLoadAverage: "3.10 2.00 1.50 17/900 1") == 17)
        #expect(IdleCores.runnable(inLoadAverage: "0.52 0.61") == nil)
        #expect(IdleCores.runnable(inLoadAverage: "0.52 0.61 0.70 x/431 1") == nil)
    }

    @Test func aThreadsStateFollowsTheLastParenthesis() {
        #expect(IdleCores.isRunnable(taskStat: "123 (squarecam-crop) R 1 123 123 0"))
        #expect(!IdleCores.isRunnable(taskStat: "123 (squarecam-crop) S 1 123 123 0"))
        // A thread may name itself with ") R": only the state after the last one counts.
        #expect(!IdleCores.isRunnable(taskStat: "124 (odd) R name) S 1 124"))
        #expect(!IdleCores.isRunnable(taskStat: "garbage"))
    }

    /// A program per core kept busy (what benchmarks/crop.sh's section
    /// "loaded" does): no core is idle, so a crop takes one thread.
    @Test func busyProgramsOnEveryCoreLeaveNoneIdle() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let busy = try (0..<cores).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while :; do :; done"]
            try process.run()
            return process
        }
        // SIGKILL: a child started from a test thread kept SIGTERM blocked
        // (seen: terminate() left both running; a blocked mask is inherited).
        defer { for process in busy { kill(process.processIdentifier, SIGKILL); _ = process.waitForExitStatus() } }
        // The busy programs need a moment to be scheduled and counted.
        var idle: Int?
        for _ in 0..<50 {
            idle = IdleCores.now(cores: cores)
            if let idle, idle <= 0 { break }
            usleep(20_000)
        }
        let counted = try #require(idle)
        #expect(counted <= 0, "\(cores) busy programs, yet \(counted) cores counted idle")
    }
}
