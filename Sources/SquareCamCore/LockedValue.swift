#if canImport(Darwin)
import os
#else
import Synchronization
#endif

/// A value shared between threads, behind a lock: the one place Core
/// chooses its lock. Apple platforms take `OSAllocatedUnfairLock` (iOS 16+),
/// since Synchronization's `Mutex` starts at iOS 18 and the iOS app runs on
/// 17; Linux takes `Mutex`.
public final class LockedValue<Value>: @unchecked Sendable {
#if canImport(Darwin)
    private let lock: OSAllocatedUnfairLock<Value>

    public init(_ value: Value) {
        lock = OSAllocatedUnfairLock(uncheckedState: value)
    }

    /// Runs `body` with the value, holding the lock; keep it short.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLockUnchecked(body)
    }
#else
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock; keep it short.
    public func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock(body)
    }
#endif
}
