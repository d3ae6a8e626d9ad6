import Dispatch
import Synchronization

/// Items 0..<count made on the calling thread and used on a second one, so
/// that two cores share one photo: the caller produces item i into slot
/// i % slotCount while the other thread consumes the items before it. A
/// slot belongs to one thread at a time; the semaphores hand it over.
enum TwoThreadPipeline {
    static func run(
        count: Int, slotCount: Int,
        produce: (_ item: Int, _ slot: Int) throws(ImagingError) -> Void,
        consume: @escaping @Sendable (_ item: Int, _ slot: Int) -> Void
    ) throws(ImagingError) {
        // Made empty and then filled: libdispatch traps when a semaphore is
        // released below its starting value, which a failure leaves it.
        let free = DispatchSemaphore(value: 0)
        for _ in 0..<slotCount { free.signal() }
        let filled = DispatchSemaphore(value: 0)
        let stopped = StopFlag()
        let consumer = DispatchGroup()
        DispatchQueue.global().async(group: consumer) {
            for item in 0..<count {
                filled.wait()
                if stopped.isSet { return }
                consume(item, item % slotCount)
                free.signal()
            }
        }
        for item in 0..<count {
            free.wait()
            do throws(ImagingError) {
                try produce(item, item % slotCount)
            } catch {
                stopped.set()
                filled.signal()
                consumer.wait()
                throw error
            }
            filled.signal()
        }
        consumer.wait()
    }

    private final class StopFlag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }
}
