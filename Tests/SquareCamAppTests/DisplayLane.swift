import Foundation
import Synchronization
import Testing

/// The screens one GUI test has to itself: a desktop-sized X display, a
/// phone-sized one, screens with a window manager and a Wayland compositor.
/// Tests screenshot whole screens and press keys into whatever has the
/// focus, so two apps must never share a screen. Four lanes, four GUI
/// tests at once: they wait on their apps most of the time (the whole
/// `make test` took 148 s in three lanes, 105 s once the tests waited on
/// events instead of fixed times, 87 s in four; five gave nothing more on
/// two cores). Under AddressSanitizer every app runs several times slower,
/// and three at once on two cores missed their deadlines:
/// `SQUARECAM_TEST_DISPLAY_LANES` sets how many (harness/sanitizers/asan.sh: 1).
final class DisplayLane: Sendable {
    let desktop: XDisplay
    let phone = XDisplay(screen: "720x1440x24", usesEnvironment: false)
    let weston = Weston()
    private let managed = Mutex<[String: XDisplay]>([:])

    /// The first lane draws on `$DISPLAY` (xvfb-run's, under make test).
    private init(first: Bool) {
        desktop = XDisplay(screen: "1280x1024x24", usesEnvironment: first)
    }

    /// One screen of each size with a window manager, started when first asked for.
    func withWindowManager(width: Int, height: Int) -> XDisplay {
        managed.withLock { screens in
            let screen = "\(width)x\(height)x24"
            if let known = screens[screen] { return known }
            let display = XDisplay(screen: screen, usesEnvironment: false, windowManager: true)
            screens[screen] = display
            return display
        }
    }

    static let all: [DisplayLane] = {
        let count = ProcessInfo.processInfo.environment["SQUARECAM_TEST_DISPLAY_LANES"].flatMap { Int($0) } ?? 4
        return (0..<max(1, count)).map { DisplayLane(first: $0 == 0) }
    }()

    /// The lane of the test running now (the first outside `.ownDisplayLane`).
    @TaskLocal static var current = all[0]

    /// Lanes free now, and the tests waiting for one, first come first served.
    private static let pool = Mutex<(free: [DisplayLane], waiting: [CheckedContinuation<DisplayLane, Never>])>((all, []))

    static func take() async -> DisplayLane {
        await withCheckedContinuation { waiter in
            let lane = pool.withLock { pool -> DisplayLane? in
                guard !pool.free.isEmpty else {
                    pool.waiting.append(waiter)
                    return nil
                }
                return pool.free.removeFirst()
            }
            if let lane { waiter.resume(returning: lane) }
        }
    }

    static func give(back lane: DisplayLane) {
        let next = pool.withLock { pool -> CheckedContinuation<DisplayLane, Never>? in
            guard !pool.waiting.isEmpty else {
                pool.free.append(lane)
                return nil
            }
            return pool.waiting.removeFirst()
        }
        next?.resume(returning: lane)
    }
}

/// Runs each test with a display lane of its own, waiting for one to be free.
struct OwnDisplayLaneTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's scope is entered once for the suite and once per test;
        // only a test (or a test case) takes a lane.
        guard !test.isSuite else { return try await function() }
        let lane = await DisplayLane.take()
        let held = Date()
        defer { DisplayLane.give(back: lane); FileHandle.standardError.write("LANEHOLD \(String(format: "%.2f", Date().timeIntervalSince(held))) \(test.name) \(testCase.map { "\($0)" } ?? "")\n".data(using: .utf8)!) }
        try await DisplayLane.$current.withValue(lane) { try await function() }
    }
}

extension Trait where Self == OwnDisplayLaneTrait {
    /// Each test of the suite takes a `DisplayLane` for as long as it runs.
    static var ownDisplayLane: Self { OwnDisplayLaneTrait() }
}
