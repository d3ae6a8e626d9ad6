import CGtk

/// Ticks four times a second on the main loop while a recording runs, so
/// its time on screen never lags the real one by more than a quarter
/// second. Stops when released.
@MainActor
final class RecordingClock {
    private var source: guint = 0

    private final class Box {
        let tick: @MainActor () -> Void
        init(_ tick: @escaping @MainActor () -> Void) { self.tick = tick }
    }

    init(tick: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(Box(tick)).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, 250, { data in
            MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().tick() }
            return 1  // G_SOURCE_CONTINUE
        }, box, { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
    }

    func stop() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }

    isolated deinit { stop() }
}
