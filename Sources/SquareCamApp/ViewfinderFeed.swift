import SquareCamCore

/// Where the viewfinder's pictures come from: it asks the camera for frames
/// of a given side, makes each a cairo surface on the camera's streaming
/// thread (mirrored there when asked), and hands it to the main thread
/// through a mailbox that keeps only the newest.
///
/// A new side is asked for at once and the camera scales each frame, so a
/// resize needs no renegotiation; asking again for the same side costs nothing.
@MainActor
final class ViewfinderFeed {
    /// The camera whose frames come, if any.
    private(set) var camera: (any Camera)?
    private let mailbox = FrameMailbox()
    /// Read on the streaming thread, where frames are mirrored.
    private let mirroring = SharedFlag()
    /// The side asked for last; 0 when none is (paused, or just attached).
    private var requestedSide = 0

    /// Mirror the pictures left-right (display only; photos are never mirrored).
    var mirrored: Bool {
        get { mirroring.isOn }
        set { mirroring.isOn = newValue }
    }

    /// Frames received from the camera and frames replaced before drawing.
    var deliveryCounts: (received: Int, replaced: Int) { mailbox.counts }

    /// Sends `camera`'s pictures to `consumer` once a side is asked for.
    func attach(_ camera: any Camera, to consumer: @escaping @MainActor (DisplayImage) -> Void) {
        self.camera = camera
        requestedSide = 0
        mailbox.consumer = consumer
    }

    /// Stops the pictures for good.
    func detach() {
        camera?.setViewfinder(side: 1, handler: nil)
        camera = nil
        mailbox.consumer = nil
    }

    /// Stops the pictures until a side is asked for again: the camera keeps
    /// streaming (the next photo stays zero-lag) but scales nothing for the screen.
    func pause() {
        guard let camera else { return }
        camera.setViewfinder(side: max(requestedSide, 1), handler: nil)
        requestedSide = 0
    }

    /// Asks for pictures `side` device pixels square.
    func request(side: Int) {
        guard let camera, side != requestedSide else { return }
        let asksAnew = requestedSide == 0
        requestedSide = side
        let mailbox = self.mailbox, mirroring = self.mirroring
        camera.setViewfinder(side: side) { frame in
            guard let image = DisplayImage(frame: frame, mirrored: mirroring.isOn) else { return }
            mailbox.post(image)
        }
        // Asked anew, a camera already live has posted its latest frame by
        // now: drawn in the coming paint, not one after. (Only then: a resize
        // asks from inside `show`, which must not be entered twice.)
        if asksAnew { mailbox.deliver() }
    }
}
