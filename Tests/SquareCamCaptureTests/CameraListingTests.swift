@testable import SquareCamCapture
import SquareCamCore
import Testing

extension LiveCameraTests {
    @Test func listingWorksWithoutRealCamerasAndEndsWithTheTestCamera() throws {
        let cameras = CameraDirectory.allCameras()
        #expect(cameras.last == TestCamera.description)
        #expect(Set(cameras.map(\.id)).count == cameras.count, "each camera once")
        for camera in cameras.dropLast() {
            #expect(camera.facing != .virtual)
            #expect(!camera.modes.isEmpty)
        }
    }

    @Test func autoFallsBackToTheTestCameraOnlyWhenAllowed() throws {
        let real = CameraDirectory.realCameras()
        let resolved = try CameraDirectory.resolve(.auto)
        if real.isEmpty {
            #expect(resolved.usedTestFallback)
            #expect(resolved.description.id == TestCamera.id)
            #expect(throws: CameraFailure.noCamera) { try CameraDirectory.resolve(.auto, requireRealCamera: true) }
        } else {
            #expect(resolved.description == real[0])
        }
        #expect(throws: CameraSpecError.self) { try CameraDirectory.resolve(.device(id: "/dev/video-squarecam-none")) }
        #expect(try CameraDirectory.resolve(.test(size: PixelSize(width: 64, height: 48), framesPerSecond: 5)).description.id == "test:64x48@5")
    }

    @Test func hotplugWatcherStartsAndStopsCleanly() throws {
        let watcher = CameraHotplugWatcher(onAdded: { _ in }, onRemoved: { _ in })
        let initial = try #require(watcher.start(), "the device monitor should start even without cameras")
        #expect(initial == CameraDirectory.realCameras())
        let started = ContinuousClock.now
        watcher.stop()
        watcher.stop()
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
