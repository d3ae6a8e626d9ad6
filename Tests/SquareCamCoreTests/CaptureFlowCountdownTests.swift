import Testing
import SquareCamCore

/// The timer: the shutter counts down first, pressed again it stops, and
/// leaving the viewfinder ends the countdown with nothing shot.
@Suite struct CaptureFlowCountdownTests {
    static func live(countdown seconds: Int, mode: CaptureMode = .photo) throws -> Flow {
        var flow = try FlowFixtures.flow("live")
        flow.countdownSeconds = seconds
        _ = try flow.handle(.chooseMode(mode))
        return flow
    }

    @Test func withoutATimerTheShutterFiresAtOnce() throws {
        var flow = try Self.live(countdown: 0)
        #expect(try flow.handle(.shutter) == [.capture])
        #expect(flow.state == .capturing && flow.countdown == nil)
    }

    @Test func theShutterCountsDownThenFires() throws {
        var flow = try Self.live(countdown: 3)
        #expect(try flow.handle(.shutter) == [.startCountdown])
        #expect(flow.state == .live && flow.countdown == 3)
        #expect(try flow.handle(.countdownTick) == [])
        #expect(flow.countdown == 2)
        #expect(try flow.handle(.countdownTick) == [])
        #expect(flow.countdown == 1)
        #expect(try flow.handle(.countdownTick) == [.stopCountdown, .capture])
        #expect(flow.state == .capturing && flow.countdown == nil)
    }

    @Test func inVideoModeTheCountdownStartsARecording() throws {
        var flow = try Self.live(countdown: 3, mode: .video)
        _ = try flow.handle(.shutter)
        _ = try flow.handle(.countdownTick)
        _ = try flow.handle(.countdownTick)
        #expect(try flow.handle(.countdownTick) == [.stopCountdown, .startRecording])
        #expect(flow.state == .recording)
        // Stopping a recording never waits for the timer.
        #expect(try flow.handle(.shutter) == [.stopRecording])
    }

    @Test func pressedAgainTheShutterStopsTheCountdown() throws {
        var flow = try Self.live(countdown: 10)
        _ = try flow.handle(.shutter)
        _ = try flow.handle(.countdownTick)
        #expect(try flow.handle(.shutter) == [.stopCountdown])
        #expect(flow.state == .live && flow.countdown == nil)
        // A tick already on its way does nothing.
        #expect(try flow.handle(.countdownTick) == [])
        #expect(flow.state == .live)
        // The next press counts down from the start.
        #expect(try flow.handle(.shutter) == [.startCountdown])
        #expect(flow.countdown == 10)
    }

    @Test func leavingTheViewfinderEndsTheCountdownWithNothingShot() throws {
        let leaving: [(Flow.Event, [Flow.Action])] = [
            (.cameraFailed(.disconnected(camera: "cam")), [.stopCountdown, .stopCamera]),
            (.switchCamera, [.stopCountdown, .stopCamera, .startCamera]),
            (.close, [.stopCountdown, .stopCamera, .close]),
            (.shutDown, [.stopCountdown, .stopCamera]),
        ]
        for (event, actions) in leaving {
            var flow = try Self.live(countdown: 3)
            _ = try flow.handle(.shutter)
            #expect(try flow.handle(event) == actions, "\(event)")
            #expect(flow.countdown == nil, "\(event)")
            #expect(try flow.handle(.countdownTick) == [], "\(event)")
            #expect(flow.state != .capturing, "\(event)")
        }
    }

    @Test func aTimerChangedDuringTheCountdownCountsFromTheNextPress() throws {
        var flow = try Self.live(countdown: 3)
        _ = try flow.handle(.shutter)
        flow.countdownSeconds = 10
        #expect(flow.countdown == 3)
        _ = try flow.handle(.shutter)
        #expect(try flow.handle(.shutter) == [.startCountdown])
        #expect(flow.countdown == 10)
    }
}
