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
    private let compositors = Mutex<[String: Weston]>([:])

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

    /// One Wayland compositor of each output size (a phone's, either way up), started when first used.
    func weston(width: Int, height: Int) -> Weston {
        compositors.withLock { known in
            let key = "\(width)x\(height)"
            if let weston = known[key] { return weston }
            let weston = Weston(width: width, height: height)
            known[key] = weston
            return weston
        }
    }

    static let all: [DisplayLane] = {
        let count = ProcessInfo.processInfo.environment["SQUARECAM_TEST_DISPLAY_LANES"].flatMap { Int($0) } ?? 4
        return (0..<max(1, count)).map { DisplayLane(first: $0 == 0) }
    }()

    /// The lane of the test running now (the first outside `.ownDisplayLane`).
    @TaskLocal static var current = all[0]

    private struct Waiter {
        var continuation: CheckedContinuation<DisplayLane, Never>
        var takesLong: Bool
    }

    /// Lanes free now, and the tests waiting for one: those that take long
    /// first, then first come first served.
    private static let pool = Mutex<(free: [DisplayLane], waiting: [Waiter])>((all, []))

    static func take(takesLong: Bool) async -> DisplayLane {
        await withCheckedContinuation { continuation in
            let lane = pool.withLock { pool -> DisplayLane? in
                guard !pool.free.isEmpty else {
                    let waiter = Waiter(continuation: continuation, takesLong: takesLong)
                    let place = takesLong ? (pool.waiting.firstIndex { !$0.takesLong } ?? pool.waiting.endIndex) : pool.waiting.endIndex
                    pool.waiting.insert(waiter, at: place)
                    return nil
                }
                return pool.free.removeFirst()
            }
            if let lane { continuation.resume(returning: lane) }
        }
    }

    static func give(back lane: DisplayLane) {
        let next = pool.withLock { pool -> CheckedContinuation<DisplayLane, Never>? in
            guard !pool.waiting.isEmpty else {
                pool.free.append(lane)
                return nil
            }
            return pool.waiting.removeFirst().continuation
        }
        next?.resume(returning: lane)
    }
}

/// Runs each test with a display lane of its own, waiting for one to be free.
struct OwnDisplayLaneTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// `SQUARECAM_TEST_LANE_TIMES=1`: each test's time on its lane, on
    /// standard error (`lane held 4.52 s: NAME`), to see which tests make
    /// make test long and which deserve `.takesLong`.
    private static let reportsLaneTimes = ProcessInfo.processInfo.environment["SQUARECAM_TEST_LANE_TIMES"] == "1"

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's scope is entered once for the suite and once per test;
        // only a test (or a test case) takes a lane.
        guard !test.isSuite else { return try await function() }
        let lane = await DisplayLane.take(takesLong: test.traits.contains { $0 is TakesLongTrait })
        let taken = Date()
        defer {
            DisplayLane.give(back: lane)
            if Self.reportsLaneTimes {
                FileHandle.standardError.write(Data("lane held \(String(format: "%.2f", Date().timeIntervalSince(taken))) s: \(test.name)\n".utf8))
            }
        }
        try await DisplayLane.$current.withValue(lane) { try await function() }
    }
}

extension Trait where Self == OwnDisplayLaneTrait {
    /// Each test of the suite takes a `DisplayLane` for as long as it runs.
    static var ownDisplayLane: Self { OwnDisplayLaneTrait() }
}

/// A GUI test that holds its lane for four seconds or more (a walk through
/// every page and size, a screen reader's session, tooltips' delays): it
/// gets a lane before the short tests waiting, so it does not start last and
/// hold the whole run up alone (make test's tail was such tests, 4-5 s each).
struct TakesLongTrait: TestTrait {}

extension Trait where Self == TakesLongTrait {
    static var takesLong: Self { TakesLongTrait() }
}
