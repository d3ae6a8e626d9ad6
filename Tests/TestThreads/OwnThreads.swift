import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's
/// cooperative pool.
///
/// The pool is as wide as the machine has cores: two here. A test that
/// waits synchronously (for an app's trace line, a child process, a file)
/// holds one of its threads the whole time, and two such tests used to stall
/// every async test in the process for minutes: a camera's failure then went
/// unreported past a test's deadline, a recording's end was heard seconds
/// late. Suites whose tests wait like that carry `.ownThreads`; the async
/// suites keep the pool to themselves.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(TestThreads.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// This suite's tests run on `TestThreads`, not on the cooperative pool.
    public static var ownThreads: Self { OwnThreadsTrait() }
}

/// A fixed set of threads that run jobs in the order they come: a task
/// executor that may be blocked without blocking anything else. Fixed, so
/// the waiting suites still take turns instead of starting every test's
/// programs at once on two cores.
final class TestThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched under `lock`.
    static let shared = TestThreads(count: 6)

    // An NSLock (a pthread mutex), not Synchronization.Mutex: ThreadSanitizer
    // sees a pthread mutex hand a job to the thread that runs it, while a
    // contended Mutex looks unordered to it (harness/sanitizers explains why).
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []
    private let waiting = DispatchSemaphore(value: 0)

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "test-thread-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock { jobs.append(job) }
        waiting.signal()
    }

    private func work() {
        while true {
            waiting.wait()
            let job = lock.withLock { jobs.removeFirst() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
