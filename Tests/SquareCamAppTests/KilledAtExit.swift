import Foundation
import Synchronization

/// The servers this test process started (Xvfbs, window managers, Westons),
/// killed when it exits: otherwise every run leaves them behind. SIGKILL,
/// because they inherit the test process's blocked signals (SIGTERM stayed
/// pending in the Xvfbs that leaked).
enum KilledAtExit {
    private static let processes = Mutex<[Int32]>([])

    static func add(_ process: Process) {
        let first = processes.withLock { processes in
            processes.append(process.processIdentifier)
            return processes.count == 1
        }
        if first {
            atexit {
                for process in KilledAtExit.processes.withLock({ $0 }) { kill(process, SIGKILL) }
            }
        }
    }
}
