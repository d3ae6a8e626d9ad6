// A ThreadSanitizer false positive in Swift's Synchronization.Mutex on Linux,
// with no project code: two threads add to one Mutex-guarded counter. The
// final count is exact (the Mutex works), yet TSan reports a "Swift access
// race" whenever the lock was contended, because a contended lock/unlock
// goes through the uninstrumented runtime and the kernel's PI futex.
// harness/sanitizers/tsan.sh builds and runs it; see tsan-suppressions.txt.
import Foundation
import Synchronization

final class Counter: Sendable {
    let state = Mutex(0)
}

let counter = Counter()
let rounds = 200_000
let workers = (0..<2).map { _ in
    Thread {
        for _ in 0..<rounds {
            counter.state.withLock { $0 += 1 }
        }
    }
}
workers.forEach { $0.start() }
while counter.state.withLock({ $0 }) < 2 * rounds { usleep(1000) }
print("mutex-false-positive: count \(counter.state.withLock { $0 }) of \(2 * rounds)")
