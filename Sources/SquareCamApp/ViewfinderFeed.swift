import SquareCamCore

/// Where the viewfinder's pictures come from: it asks the camera for
/// pictures of a given side (mirrored or not), which the camera scales
/// straight into memory a cairo surface is then made over, on its streaming
/// thread, and hands them to the main thread through a mailbox that keeps
/// only the newest.
///
/// A new side or mirroring is asked for at once and the camera scales each
/// frame, so a resize needs no renegotiation; asking again for the same costs nothing.
@MainActor
final class ViewfinderFeed {
    /// The camera whose frames come, if any.
    private(set) var camera: (any Camera)?
    private let mailbox = FrameMailbox()
    /// The side asked for last; 0 when none is (paused, or just attached).
    private var requestedSide = 0
    /// Whether the pictures asked for last were mirrored.
    private var requestedMirrored = false

    /// Mirror the pictures left-right (display only; photos are never
    /// mirrored): asked of the camera at once while pictures come.
    var mirrored = false {
        didSet { if requestedSide > 0 { request(side: requestedSide) } }
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
        camera?.setViewfinder(side: 1, mirrored: false, handler: nil)
        camera = nil
        mailbox.consumer = nil
    }

    /// Stops the pictures until a side is asked for again: the camera keeps
    /// streaming (the next photo stays zero-lag) but scales nothing for the screen.
    func pause() {
        guard let camera else { return }
        camera.setViewfinder(side: max(requestedSide, 1), mirrored: mirrored, handler: nil)
        requestedSide = 0
    }

    /// Asks for pictures `side` device pixels square.
    func request(side: Int) {
        guard let camera, side != requestedSide || mirrored != requestedMirrored else { return }
        let asksAnew = requestedSide == 0
        requestedSide = side
        requestedMirrored = mirrored
        let mailbox = self.mailbox
        camera.setViewfinder(side: side, mirrored: mirrored) { picture in
            guard let image = DisplayImage(picture: picture) else { return }
            mailbox.post(image)
        }
        // Asked anew, a camera already live has posted its latest frame by
        // now: drawn in the coming paint, not one after. (Only then: a resize
        // asks from inside `show`, which must not be entered twice.)
        if asksAnew { mailbox.deliver() }
    }
}
