/// Waits between countdown steps and camera retries. The app waits real
/// seconds; tests step it by hand, so nothing in them sleeps on the clock.
public protocol Ticker: Sendable {
    /// Returns after `seconds`, or throws `CancellationError` when the task is cancelled.
    func wait(seconds: Double) async throws
}

/// Real time: `Task.sleep`.
public struct SystemTicker: Ticker {
    public init() {}

    public func wait(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    }
}
